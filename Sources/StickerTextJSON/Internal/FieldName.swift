/// A name a client gives (a JSON field's, a query parameter's), compared
/// and hashed by its UTF-8 bytes, as RFC 8259 has JSON names compared. A
/// Swift `String` compares and hashes by canonical equivalence, normalizing
/// both sides, and the standard library's normalizer takes time quadratic in
/// a run of combining marks: a 30 KB body whose field names were marks took
/// 12 s to read.
package struct FieldName: Hashable, Comparable, ExpressibleByStringLiteral {
    package let text: String

    package init(_ text: String) { self.text = text }
    package init(stringLiteral text: String) { self.text = text }

    package static func == (lhs: FieldName, rhs: FieldName) -> Bool { sameBytes(lhs.text, rhs.text) }

    package static func < (lhs: FieldName, rhs: FieldName) -> Bool {
        lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether this is `name`, byte for byte.
    package func `is`(_ name: String) -> Bool { Self.sameBytes(text, name) }

    /// Whether two strings are the same bytes. Their lengths first (a
    /// native or small string knows it), then the bytes in place: a request
    /// compares its few names to the few it expects, and `elementsEqual` over
    /// two `UTF8View`s stepped through them an index at a time (a tenth of an
    /// edit's instructions went to it).
    @inline(__always)
    package static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        let lhs = lhs.utf8
        let rhs = rhs.utf8
        let count = lhs.count
        guard count == rhs.count else { return false }
        let same: Bool?? = lhs.withContiguousStorageIfAvailable { a in
            rhs.withContiguousStorageIfAvailable { b in
                // A loop the compiler inlines: names are short, and a call to
                // `elementsEqual` cost more than comparing them.
                var k = 0
                while k < count {
                    if a.baseAddress![k] != b.baseAddress![k] { return false }
                    k &+= 1
                }
                return true
            }
        }
        if case .some(.some(let same)) = same { return same }
        return lhs.elementsEqual(rhs)
    }

    /// The case of a closed set whose raw value `raw` is, byte for byte (not
    /// `init(rawValue:)` alone, which compares as `String`s do). No raw value
    /// of ours is longer than `longestChoice` bytes: a longer `raw` is none
    /// of them, and is never compared (or normalized) at all; a shorter one
    /// is found by `init(rawValue:)`, then its bytes checked, so that a
    /// canonically equivalent spelling (`K`, the Kelvin sign) is not taken.
    /// `allCases` is an array made at each call: only an error lists it.
    @inlinable
    package static func choice<T: RawRepresentable & CaseIterable>(_ raw: String, of type: T.Type) -> T?
    where T.RawValue == String {
        guard raw.utf8.count <= longestChoice, let value = T(rawValue: raw), sameBytes(value.rawValue, raw) else {
            return nil
        }
        return value
    }

    /// Longer than any raw value of a closed set the API reads (`deleteBackward`, `insertSticker`).
    package static let longestChoice = 32
}

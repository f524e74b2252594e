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

    package static func == (lhs: FieldName, rhs: FieldName) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    package static func < (lhs: FieldName, rhs: FieldName) -> Bool {
        lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether this is `name`, byte for byte.
    package func `is`(_ name: String) -> Bool { text.utf8.elementsEqual(name.utf8) }

    /// The case of a closed set whose raw value `raw` is, byte for byte (not
    /// `init(rawValue:)`, which compares as `String`s do).
    @inlinable
    package static func choice<T: RawRepresentable & CaseIterable>(_ raw: String, of type: T.Type) -> T?
    where T.RawValue == String {
        T.allCases.first { $0.rawValue.utf8.elementsEqual(raw.utf8) }
    }
}

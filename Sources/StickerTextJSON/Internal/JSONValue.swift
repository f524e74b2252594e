import StickerText

/// A parsed JSON document: request bodies and `pack.json` here, other
/// systems' documents in the format converters (StickerTextPacks). Parsed by this code rather than Foundation's JSONDecoder: it
/// is several times faster on the small bodies a server sees, it is strict
/// (RFC 8259, no lone surrogates, a depth limit; a name given twice in an
/// object is refused too, but as a value, `invalidValue`), and every error
/// says where it is.
///
/// `package`, as are `JSONFields`, `JSONError` and `FieldName`: the format
/// converters read other systems' documents with them, and the tests use them.
package enum JSONValue {
    case null
    case bool(Bool)
    /// The literal as written, checked against the JSON number grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    static let maxDepth = 64

    /// Parses a document: valid UTF-8 first (checked in place:
    /// `String(validating:)` would copy the bytes to check them), then strict JSON.
    package static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        guard let text = try? UTF8Span(validating: bytes.span) else {
            throw JSONError(
                .invalidUTF8, "not valid UTF-8 (first bad byte at offset \(UTF8Validation.firstInvalidOffset(bytes)))")
        }
        return try parse(text)
    }

    /// Parses a document whose bytes are known to be UTF-8: a `UTF8Span`
    /// says so, so the strings are made without Swift checking their bytes
    /// again (the whole body is checked once, by the caller, for its error).
    package static func parse(_ text: UTF8Span) throws(JSONError) -> JSONValue {
        try text.span.withUnsafeBufferPointer { (bytes) throws(JSONError) in
            var parser = JSONParser(bytes: bytes)
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            if parser.i != bytes.count { throw parser.error("unexpected text after the JSON value") }
            if let duplicate = parser.duplicate { throw duplicate.error }
            return value
        }
    }

    package enum Integer: Equatable {
        case whole(Int)
        case fraction
        case tooLarge
    }

    /// The value of a number literal (already checked against the grammar)
    /// if it is a whole number. JSON Schema counts `45.0` and `4.5e1` as the
    /// integer 45, so the API does too; `45.5` is a fraction.
    package static func integer(_ literal: String) -> Integer {
        var literal = literal
        return literal.withUTF8 { integer($0) }
    }

    /// The value of a literal that is an integer of at most 18 digits (what
    /// a request's numbers are), read in one pass without a copy; nil for
    /// any other (a fraction, an exponent, more digits: `integer` reads it).
    @inline(__always)
    private static func shortWhole(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let negative = bytes.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard bytes.count > start, bytes.count - start <= 18 else { return nil }
        var value = 0
        for k in start..<bytes.count {
            let digit = bytes[k] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return negative ? -value : value
    }

    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Integer {
        if let value = shortWhole(bytes) { return .whole(value) }
        // One pass over the literal: the significant digits (from the first
        // non-zero to the last non-zero) and where they stand. Removing
        // zeros from the front of an array one at a time made a literal of
        // many leading zeros quadratic.
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i = 1 }
        /// Digits written before the exponent, and how many of them follow the point.
        var first = -1
        var last = -1
        var count = 0
        var afterPoint = 0
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var seenPoint = false
        while i < bytes.count, bytes[i] != UInt8(ascii: "e"), bytes[i] != UInt8(ascii: "E") {
            let b = bytes[i]
            i += 1
            if b == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            if seenPoint { afterPoint += 1 }
            if b != UInt8(ascii: "0") {
                if first < 0 { first = count }
                last = count
            }
            // Only the first 20 significant digits can make a whole number that fits.
            if first >= 0 && count - first < 20 { digits.append(b &- 0x30) }
            count += 1
        }
        if first < 0 { return .whole(0) }
        // The exponent, saturated far beyond any literal's length (a body is
        // under 2^40 bytes), so that a huge exponent still cancels a long fraction.
        var exponent = 0
        if i < bytes.count {
            i += 1
            var sign = 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") {
                sign = -1
                i += 1
            } else if i < bytes.count, bytes[i] == UInt8(ascii: "+") {
                i += 1
            }
            var e = 0
            while i < bytes.count {
                e = min(e * 10 + Int(bytes[i] &- 0x30), 1 << 50)
                i += 1
            }
            exponent = sign * e
        }
        // The value is digits[first ... last] × 10^(exponent − afterPoint + trailing zeros).
        let significant = last - first + 1
        let scale = exponent - afterPoint + (count - 1 - last)
        if scale < 0 { return .fraction }
        if significant + scale > 19 { return .tooLarge }
        // Accumulated below zero, where Int reaches one further (Int.min).
        var value = 0
        for k in 0..<significant + scale {
            let d = k < significant ? Int(digits[k]) : 0
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.subtractingReportingOverflow(d)
            if o1 || o2 { return .tooLarge }
            value = a
        }
        if negative { return .whole(value) }
        return value == .min ? .tooLarge : .whole(-value)
    }

    /// A number literal's value as a whole number, or an error naming the field.
    /// `name` is made only for the error (`selection.location`, a path, is built).
    package static func wholeNumber(_ literal: String, named name: @autoclosure () -> String) throws(JSONError) -> Int {
        switch integer(literal) {
        case .whole(let n): return n
        case .fraction: throw JSONError(.invalidValue, "\(name()) must be a whole number")
        case .tooLarge: throw JSONError(.invalidValue, "\(name()) is out of range")
        }
    }

    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A parsed JSON document: `pack.json` in the core, request bodies in the
/// transport (StickerTextJSON), other systems' documents in the format
/// converters. Parsed by this code rather than Foundation's JSONDecoder: it
/// is several times faster on the small bodies a server sees, it is strict
/// (RFC 8259, no duplicate keys, no lone surrogates, a depth limit), and
/// every error says where it is.
///
/// Public to the package's JSON code only (`@_spi(JSON)`, as are
/// `JSONFields`, `JSONError`, `FieldName`, `ByteBuffer` and
/// `JSONStringEscaping`): the transport reads and writes every request with
/// them, and a `package` declaration is neither inlined nor specialized in
/// another module (a render through the API cost ~2.5k instructions more).
@_spi(JSON) public enum JSONValue {
    case null
    case bool(Bool)
    /// The literal as written, checked against the JSON number grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([FieldName: JSONValue])

    static let maxDepth = 64

    /// Parses a document: valid UTF-8 first (checked in place:
    /// `String(validating:)` would copy the bytes to check them), then strict JSON.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        guard let text = try? UTF8Span(validating: bytes.span) else {
            throw JSONError(.invalidUTF8, "not valid UTF-8 (first bad byte at offset \(UTF8Validation.firstInvalidOffset(bytes)))")
        }
        return try parse(text)
    }

    /// Parses a document whose bytes are known to be UTF-8: a `UTF8Span`
    /// says so, so the strings are made without Swift checking their bytes
    /// again (the whole body is checked once, by the caller, for its error).
    public static func parse(_ text: UTF8Span) throws(JSONError) -> JSONValue {
        try text.span.withUnsafeBufferPointer { (bytes) throws(JSONError) in
            var parser = JSONParser(bytes: bytes)
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            if parser.i != bytes.count { throw parser.error("unexpected text after the JSON value") }
            return value
        }
    }

    public enum Integer: Equatable {
        case whole(Int)
        case fraction
        case tooLarge
    }

    /// The value of a number literal (already checked against the grammar)
    /// if it is a whole number. JSON Schema counts `45.0` and `4.5e1` as the
    /// integer 45, so the API does too; `45.5` is a fraction.
    public static func integer(_ literal: String) -> Integer {
        // One pass over the literal: the significant digits (from the first
        // non-zero to the last non-zero) and where they stand. Removing
        // zeros from the front of an array one at a time made a literal of
        // many leading zeros quadratic.
        let bytes = Array(literal.utf8)
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i = 1 }
        /// Digits written before the exponent, and how many of them follow the point.
        var first = -1, last = -1, count = 0, afterPoint = 0
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var seenPoint = false
        while i < bytes.count, bytes[i] != UInt8(ascii: "e"), bytes[i] != UInt8(ascii: "E") {
            let b = bytes[i]
            i += 1
            if b == UInt8(ascii: ".") { seenPoint = true; continue }
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
            if bytes[i] == UInt8(ascii: "-") { sign = -1; i += 1 } else if bytes[i] == UInt8(ascii: "+") { i += 1 }
            var e = 0
            while i < bytes.count { e = min(e * 10 + Int(bytes[i] &- 0x30), 1 << 50); i += 1 }
            exponent = sign * e
        }
        // The value is digits[first ... last] × 10^(exponent − afterPoint + trailing zeros).
        let significant = last - first + 1
        let scale = exponent - afterPoint + (count - 1 - last)
        if scale < 0 { return .fraction }
        if significant + scale > 19 { return .tooLarge }
        // Accumulated below zero, where Int reaches one further (Int.min).
        var value = 0
        for k in 0 ..< significant + scale {
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
    public static func wholeNumber(_ literal: String, named name: String) throws(JSONError) -> Int {
        switch integer(literal) {
        case .whole(let n): return n
        case .fraction: throw JSONError(.invalidValue, "\(name) must be a whole number")
        case .tooLarge: throw JSONError(.invalidValue, "\(name) is out of range")
        }
    }

    public var typeName: String {
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

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ message: String) -> JSONError {
        JSONError(.invalidJSON, "not valid JSON: \(message) at byte \(i)")
    }

    mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw error("unexpected end") }
        for k in 0 ..< n where bytes[i + k] != word.utf8Start[k] { throw error("unexpected character") }
        i += n
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        if depth > JSONValue.maxDepth { throw error("nested deeper than \(JSONValue.maxDepth) levels") }
        i += 1
        var fields: [FieldName: JSONValue] = [:]
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a field name") }
            let key = try string()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipWhitespace()
            let value = try value(depth: depth)
            if fields.updateValue(value, forKey: FieldName(key)) != nil { throw error("duplicate field \"\(key)\"") }
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            throw error("expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        if depth > JSONValue.maxDepth { throw error("nested deeper than \(JSONValue.maxDepth) levels") }
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    mutating func number() throws(JSONError) -> String {
        let start = i
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - from
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw error("unexpected end in a number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw error("malformed number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw error("malformed number") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw error("malformed number") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< i]), as: UTF8.self)
    }

    /// A string. Runs without escapes are found eight bytes at a time (the
    /// bytes a JSON string escapes, `JSONStringEscaping`: `"`, `\` and controls) and copied whole.
    mutating func string() throws(JSONError) -> String {
        i += 1
        var run = i
        i = nextSpecial(from: i)
        // Most strings have no escapes: made straight from the body.
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return Self.string(UnsafeBufferPointer(rebasing: bytes[run ..< i]))
        }
        // Decoded, a string is never longer than it is written: the rest of
        // the body bounds it, but it grows from a small start instead (a
        // body of many short strings must not allocate its length each time).
        var out = ByteBuffer(capacity: min(bytes.count - run, 256))
        while i < bytes.count {
            if run < i { out.append(bytes.baseAddress! + run, count: i - run) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return Self.string(out.bytes)
            }
            if b < 0x20 { throw error("a control character inside a string must be escaped") }
            i += 1  // past the backslash
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte: e)
            case UInt8(ascii: "b"): out.append(byte: 0x08)
            case UInt8(ascii: "f"): out.append(byte: 0x0C)
            case UInt8(ascii: "n"): out.append(byte: 0x0A)
            case UInt8(ascii: "r"): out.append(byte: 0x0D)
            case UInt8(ascii: "t"): out.append(byte: 0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))")
                }
                for unit in UTF8.encode(Unicode.Scalar(scalar)!)! { out.append(byte: unit) }
            default:
                throw error("unknown escape \\\(Character(Unicode.Scalar(e)))")
            }
            run = i
            i = nextSpecial(from: i)
        }
        throw error("unterminated string")
    }

    /// The first `"`, `\` or control byte at or after `from`, or the end.
    private func nextSpecial(from: Int) -> Int {
        var k = from
        let raw = UnsafeRawBufferPointer(bytes)
        while k &+ 8 <= raw.count {
            let special = JSONStringEscaping.specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)))
            if special != 0 { return k &+ special.trailingZeroBitCount >> 3 }
            k &+= 8
        }
        while k < raw.count {
            if JSONStringEscaping.needsEscape(raw[k]) { return k }
            k &+= 1
        }
        return k
    }

    /// A String of bytes known to be UTF-8: slices of the checked body cut
    /// at ASCII quotes, and escapes decoded to whole scalars (lone
    /// surrogates are refused), so Swift need not check them again.
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        String(copying: UTF8Span(unchecked: utf8.span))
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            let b = bytes[i]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - 0x41 + 10)
            default: throw error("malformed \\u escape")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }
}

import StickerText

/// The strict parser behind `JSONValue.parse`: one pass over bytes known to
/// be UTF-8, each error naming the byte it is at.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// The members of the objects being read, the innermost's last: each
    /// object's are moved to an array of their exact count when it closes.
    /// Appending to each object's own array grew it one, two, four, eight
    /// members, an allocation each, a ninth of an edit's JSON instructions.
    private var open: [JSONObject.Member] = []
    /// The first name given twice in an object. Such a document is JSON by
    /// RFC 8259's grammar, but not one the API takes (which value would win
    /// is not JSON's to say): the rest is read on, so that a document that
    /// is not JSON after it is still `invalidJSON`, and it is refused once
    /// the whole is read, as a value (`JSONValue.parse`).
    private(set) var duplicate: DuplicateName?
    /// The depth of the container whose name or index the duplicate's path
    /// is to get next, as the containers around it close; 0 for none. An
    /// integer compared after each value: the path costs a document without
    /// a duplicate nothing more.
    private var pathPending = 0

    /// A name given twice, named by its path from the document's root.
    struct DuplicateName {
        enum Step {
            case name(String)
            case index(Int)
        }

        /// Innermost first: prepended to as the containers around it close.
        var steps: [Step]
        /// Where the second is written (its opening quote).
        let byte: Int

        /// `policy.maxLength`, `stickers[2].tag`, as `JSONFields` names a field.
        var path: String {
            var path = ""
            for step in steps.reversed() {
                switch step {
                case .name(let name): path += path.isEmpty ? name : ".\(name)"
                case .index(let index): path += "[\(index)]"
                }
            }
            return path
        }

        var error: JSONError {
            JSONError(.invalidValue, "duplicate field \"\(path)\" at byte \(byte): a field may be given once")
        }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        open.reserveCapacity(16)
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
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw error("unexpected end") }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw error("unexpected character") }
        i += n
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        if depth > JSONValue.maxDepth { throw error("nested deeper than \(JSONValue.maxDepth) levels") }
        i += 1
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(JSONObject([]))
        }
        let first = open.count
        // An object's names, hashed once it has more than `comparedNames`:
        // until then a new name is compared with each before it, a few
        // byte compares, where hashing them all cost more; past that, each
        // is hashed once, so that many names stay linear.
        var names: Set<FieldName> = []
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a field name") }
            let keyStart = i
            let key = try string()
            let again = isGivenAgain(key, from: first, names: &names)
            if again && duplicate == nil {
                duplicate = DuplicateName(steps: [.name(key)], byte: keyStart)
                pathPending = depth
            }
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipWhitespace()
            let value = try value(depth: depth)
            if pathPending == depth + 1 { pathThrough(.name(key), depth: depth) }
            // A second value is read, not kept: each name stays once in a `JSONObject`.
            if !again { open.append(JSONObject.Member(name: FieldName(key), value: value)) }
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(JSONObject(close(from: first)))
            }
            throw error("expected ',' or '}'")
        }
    }

    /// The members of the object that opened at `first`, off the stack.
    /// The outermost's are the whole stack, taken as it is (copying them out
    /// and releasing the stack's copies, the generic `removeLast(_:)`, cost
    /// an edit's body ~1k instructions); an inner one's are copied and
    /// removed one by one.
    private mutating func close(from first: Int) -> [JSONObject.Member] {
        if first == 0 {
            var members: [JSONObject.Member] = []
            swap(&members, &open)
            return members
        }
        let members = Array(open[first...])
        while open.count > first { open.removeLast() }
        return members
    }

    /// Whether the object that opened at `first` has `key` already.
    private func isGivenAgain(_ key: String, from first: Int, names: inout Set<FieldName>) -> Bool {
        let count = open.count - first
        if count < Self.comparedNames {
            for k in first..<open.count where FieldName.sameBytes(open[k].name.text, key) { return true }
            return false
        }
        if count == Self.comparedNames { names = Set(open[first...].lazy.map(\.name)) }
        return !names.insert(FieldName(key)).inserted
    }

    /// The container at `depth` has closed around the duplicate (its value
    /// `step` held it): its name or index goes in front of the path.
    private mutating func pathThrough(_ step: DuplicateName.Step, depth: Int) {
        duplicate?.steps.append(step)
        pathPending = depth
    }

    /// How many names an object's new name is compared with, one by one, before they are hashed.
    static let comparedNames = 8

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        if depth > JSONValue.maxDepth { throw error("nested deeper than \(JSONValue.maxDepth) levels") }
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            if pathPending == depth + 1 { pathThrough(.index(items.count - 1), depth: depth) }
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
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
        return Self.string(UnsafeBufferPointer(rebasing: bytes[start..<i]))
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
            return Self.string(UnsafeBufferPointer(rebasing: bytes[run..<i]))
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
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))")
                    }
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
            let special = JSONStringEscaping.specialBytes(
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)))
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
        for _ in 0..<4 {
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

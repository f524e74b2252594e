/// Writes the API's JSON responses straight into bytes (Foundation's
/// JSONEncoder costs more than the work it reports on a small request).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Per open object or array: whether it already has a member.
    private var hasMember: [Bool] = []
    /// A key was just written: the next value belongs to it.
    private var afterKey = false

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if let last = hasMember.last {
            if last { bytes.append(UInt8(ascii: ",")) }
            hasMember[hasMember.count - 1] = true
        }
    }

    mutating func key(_ name: StaticString) {
        if hasMember.last == true { bytes.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        afterKey = true
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
        body(&self)
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array<S: Sequence>(_ items: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        hasMember.append(false)
        for item in items { body(&self, item) }
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func string(_ s: String?) {
        beforeValue()
        if let s { JSONWriter.appendQuoted(s, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
    }

    mutating func int(_ n: Int?) {
        beforeValue()
        bytes.append(contentsOf: (n.map(String.init) ?? "null").utf8)
    }

    mutating func bool(_ b: Bool) {
        beforeValue()
        bytes.append(contentsOf: (b ? "true" : "false").utf8)
    }

    /// A JSON string literal: `"`, `\` and control characters escaped, the rest as UTF-8.
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { p in
            var from = 0
            for i in 0 ..< p.count {
                let b = p[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[from ..< i]))
                switch b {
                case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
                from = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[from ..< p.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}

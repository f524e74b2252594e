import StickerText

/// Writes the API's JSON responses straight into bytes (Foundation's
/// JSONEncoder costs more than the work it reports on a small request).
struct JSONWriter: ~Copyable {
    private var out: ByteBuffer
    /// Per open object or array, a bit: whether it already has a member
    /// (bit `depth - 1` for the innermost). The API nests a few levels only.
    private var hasMember: UInt64 = 0
    private var depth = 0
    /// A key was just written: the next value belongs to it.
    private var afterKey = false

    /// `overflow`: what the writer's buffer does when full (`ByteBuffer.Overflow`):
    /// grow, hold a bounded part and count the rest, or drain it in pieces.
    init(capacity: Int = 256, overflow: ByteBuffer.Overflow = .grow) {
        out = ByteBuffer(capacity: capacity, overflow: overflow)
    }

    /// What was written: every byte, so only when `isWhole`.
    var bytes: [UInt8] {
        precondition(out.isWhole, "an answer too large to hold has no bytes to take")
        return Array(out.bytes)
    }

    /// How many bytes were written, held or not.
    var count: Int { out.count }

    /// Whether every byte written is held.
    var isWhole: Bool { out.isWhole }

    /// A writer that drains: hands on what it still holds.
    mutating func finish() { out.finish() }

    @inline(__always)
    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if depth > 0, claimMember() { out.append(",") }
    }

    /// Records that the innermost object or array has one more member, and
    /// answers whether one came before it (so a comma goes first).
    @inline(__always)
    private mutating func claimMember() -> Bool {
        let bit: UInt64 = 1 << UInt64(depth - 1)
        defer { hasMember |= bit }
        return hasMember & bit != 0
    }

    /// `,"name":` in one write: a render's response has some fifty keys,
    /// and three appends each (three capacity checks, three copies) were
    /// a twentieth of its instructions. Inlined, so that the name's length
    /// is a constant and its copy a few moves (a call and a `memcpy` were
    /// ~70 instructions a key).
    @inline(__always)
    mutating func key(_ name: StaticString) {
        let count = name.utf8CodeUnitCount
        let output = out.spareCapacity(count &+ 4)
        var n = 0
        if claimMember() {
            output[0] = UInt8(ascii: ",")
            n = 1
        }
        output[n] = UInt8(ascii: "\"")
        (output + (n &+ 1)).update(from: name.utf8Start, count: count)
        output[n &+ 1 &+ count] = UInt8(ascii: "\"")
        output[n &+ 2 &+ count] = UInt8(ascii: ":")
        out.didWrite(n &+ 3 &+ count)
        afterKey = true
    }

    private mutating func open() {
        precondition(depth < 64, "JSONWriter nests 64 levels at most")
        depth += 1
        hasMember &= ~(1 << UInt64(depth - 1))
    }

    private mutating func close() {
        depth -= 1
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        beforeValue()
        out.append("{")
        open()
        body(&self)
        close()
        out.append("}")
    }

    mutating func array<S: Sequence>(_ items: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        beforeValue()
        out.append("[")
        open()
        for item in items { body(&self, item) }
        close()
        out.append("]")
    }

    /// Writes a value with `body` and answers where its bytes are, for `repeatValue`.
    mutating func value(_ body: (inout JSONWriter) -> Void) -> Range<Int> {
        beforeValue()
        afterKey = true  // `body` writes the one value this call stands for
        let start = out.count
        body(&self)
        return start..<out.count
    }

    /// The value written at `range` (by `value`), again: a copy of its bytes
    /// while they are held, or else written again by `body`, as `value` did.
    mutating func repeatValue(_ range: Range<Int>, orWrite body: (inout JSONWriter) -> Void) {
        beforeValue()
        if out.appendCopy(of: range) { return }
        afterKey = true  // `body` writes the one value this call stands for
        body(&self)
    }

    /// Members of the object being written, already written as JSON
    /// (`"name":value` pairs joined by commas), such as a `StickerListings` entry.
    mutating func members(_ json: UnsafeRawBufferPointer) {
        guard json.count > 0 else { return }
        if claimMember() { out.append(",") }
        out.append(json.baseAddress!, count: json.count)
    }

    mutating func string(_ string: String?) {
        beforeValue()
        guard var string else {
            out.append("null")
            return
        }
        string.withUTF8 { JSONStringEscaping.appendQuoted($0, to: &out) }
    }

    mutating func int(_ number: Int?) {
        beforeValue()
        guard let number else {
            out.append("null")
            return
        }
        // Most numbers an answer holds are under 100 (a range's, a short
        // text's counts): their one or two digits are written straight.
        if number >= 0 && number < 100 {
            let output = out.spareCapacity(2)
            let digits = UInt8(truncatingIfNeeded: number)
            if digits < 10 {
                output[0] = UInt8(ascii: "0") &+ digits
                out.didWrite(1)
            } else {
                output[0] = UInt8(ascii: "0") &+ digits / 10
                output[1] = UInt8(ascii: "0") &+ digits % 10
                out.didWrite(2)
            }
            return
        }
        // Digits written in place, last first, once their count is known:
        // no String, no scratch copy.
        let output = out.spareCapacity(20)
        let sign = number < 0 ? 1 : 0
        if number < 0 { output[0] = UInt8(ascii: "-") }
        var magnitude = number.magnitude
        var count = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            count &+= 1
        }
        var j = sign &+ count
        repeat {
            j &-= 1
            output[j] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        out.didWrite(sign &+ count)
    }

    mutating func bool(_ value: Bool) {
        beforeValue()
        if value { out.append("true") } else { out.append("false") }
    }

    /// A string value whose content `body` appends already escaped for JSON,
    /// without its quotes (the renderer writes its HTML that way, in one pass).
    mutating func string(escapedBy body: (inout ByteBuffer) -> Void) {
        beforeValue()
        out.append("\"")
        body(&out)
        out.append("\"")
    }
}

/// Small helpers for walking valid UTF-8 (the text model only ever holds
/// bytes that came from a Swift String, so they are always valid).
enum UTF8Bytes {
    @inline(__always)
    static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Decodes the scalar starting at `i`.
    @inline(__always)
    static func scalar(at i: Int, in p: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return b0 }
        if b0 < 0xE0 { return (b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F) }
        if b0 < 0xF0 { return (b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F) }
        return (b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
    }

    /// The start of the scalar that ends just before `i`.
    @inline(__always)
    static func scalarStart(before i: Int, in p: UnsafeBufferPointer<UInt8>) -> Int {
        var j = i - 1
        while j > 0 && isContinuation(p[j]) { j -= 1 }
        return j
    }

    /// Rounds `i` down to the start of the scalar it falls in.
    @inline(__always)
    static func roundDownToScalar(_ i: Int, in p: UnsafeBufferPointer<UInt8>) -> Int {
        var j = i
        while j > 0 && j < p.count && isContinuation(p[j]) { j -= 1 }
        return j
    }

    /// UTF-16 code units in `p[range]`.
    @inline(__always)
    static func utf16Count(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var n = 0
        for i in range {
            let b = p[i]
            n &+= (b & 0xC0 != 0x80 ? 1 : 0) &+ (b >= 0xF0 ? 1 : 0)
        }
        return n
    }
}

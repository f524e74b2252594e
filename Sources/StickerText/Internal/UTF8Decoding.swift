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

    /// UTF-16 code units in `p[range]`: one per scalar, two for the four-byte
    /// ones. Eight bytes at a time: count the bytes that start a scalar (not
    /// 10xxxxxx) and the four-byte leads (11110xxx) with popcounts.
    @inline(__always)
    static func utf16Count(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var n = 0
        var i = range.lowerBound
        let end = range.upperBound
        if let base = p.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i &+ 8 <= end {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                n &+= 8 &- continuationBytes(w) &+ fourByteLeads(w)
                i &+= 8
            }
        }
        while i < end {
            let b = p[i]
            n &+= (b & 0xC0 != 0x80 ? 1 : 0) &+ (b >= 0xF0 ? 1 : 0)
            i &+= 1
        }
        return n
    }

    @inline(__always)
    static func continuationBytes(_ w: UInt64) -> Int {
        (w & ~(w << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
    }

    @inline(__always)
    static func fourByteLeads(_ w: UInt64) -> Int {
        (w & (w << 1) & (w << 2) & (w << 3) & 0x8080_8080_8080_8080).nonzeroBitCount
    }
}

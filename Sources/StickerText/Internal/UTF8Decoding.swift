/// Small helpers for walking valid UTF-8 (the text model only ever holds
/// bytes that came from a Swift String, so they are always valid).
enum UTF8Bytes {
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Decodes the scalar starting at `offset`.
    @inline(__always)
    static func scalar(at offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let b0 = UInt32(utf8[offset])
        if b0 < 0x80 { return b0 }
        if b0 < 0xE0 { return (b0 & 0x1F) << 6 | UInt32(utf8[offset + 1] & 0x3F) }
        if b0 < 0xF0 {
            return (b0 & 0x0F) << 12 | UInt32(utf8[offset + 1] & 0x3F) << 6 | UInt32(utf8[offset + 2] & 0x3F)
        }
        return (b0 & 0x07) << 18 | UInt32(utf8[offset + 1] & 0x3F) << 12 | UInt32(utf8[offset + 2] & 0x3F) << 6
            | UInt32(utf8[offset + 3] & 0x3F)
    }

    /// The start of the scalar that ends just before `offset`.
    @inline(__always)
    static func scalarStart(before offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var j = offset - 1
        while j > 0 && isContinuation(utf8[j]) { j -= 1 }
        return j
    }

    /// Rounds `offset` down to the start of the scalar it falls in.
    @inline(__always)
    static func roundDownToScalar(_ offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var j = offset
        while j > 0 && j < utf8.count && isContinuation(utf8[j]) { j -= 1 }
        return j
    }

    /// UTF-16 code units in `utf8[range]`: one per scalar, two for the four-byte
    /// ones. Eight bytes at a time: count the bytes that start a scalar (not
    /// 10xxxxxx) and the four-byte leads (11110xxx) with popcounts.
    @inline(__always)
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var n = 0
        var offset = range.lowerBound
        let end = range.upperBound
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            while offset &+ 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                n &+= 8 &- continuationBytes(word) &+ fourByteLeads(word)
                offset &+= 8
            }
        }
        while offset < end {
            let byte = utf8[offset]
            n &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
            offset &+= 1
        }
        return n
    }

    @inline(__always)
    static func continuationBytes(_ word: UInt64) -> Int {
        (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
    }

    @inline(__always)
    static func fourByteLeads(_ word: UInt64) -> Int {
        (word & (word << 1) & (word << 2) & (word << 3) & 0x8080_8080_8080_8080).nonzeroBitCount
    }
}

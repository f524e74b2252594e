/// HTML escaping into a byte buffer. Every byte of user text passes through
/// `appendEscaped` exactly once; it is the only way text reaches the output.
enum HTMLEscaping {
    /// Appends `p[range]` escaped: `& < > " '`, CR as `&#13;` (the HTML
    /// parser would turn a raw CR into LF), and with `lineBreaks` LF as `<br>`.
    /// NUL, which HTML cannot carry, becomes U+FFFD (the renderer refuses NUL
    /// before it gets here; this keeps the function safe on its own).
    ///
    /// Every byte that needs escaping is below 0x40, so the loop looks at
    /// eight bytes at a time (SWAR) and jumps straight to the first byte below
    /// 0x40: CJK text, all bytes ≥ 0x80, goes by in whole words and is copied
    /// in long runs.
    @inline(__always)
    static func appendEscaped(_ p: UnsafeRawBufferPointer, _ range: Range<Int>, lineBreaks: Bool, to out: inout ByteBuffer) {
        var copyFrom = range.lowerBound
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            if i + 8 <= end {
                let word = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // Any byte < 0x40? If so, exactly which of them are special. In
                // both tests the lowest flagged byte is exact (borrows only run upward).
                if (word &- 0x4040_4040_4040_4040) & ~word & 0x8080_8080_8080_8080 == 0 { i &+= 8; continue }
                let special = zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
                    | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | zeroBytes(word ^ 0x2222_2222_2222_2222)
                    | zeroBytes(word ^ 0x2727_2727_2727_2727) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                    | zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word)
                if special == 0 { i &+= 8; continue }
                i &+= special.trailingZeroBitCount >> 3
            }
            let replacement: StaticString
            switch p[i] {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22: replacement = "&quot;"
            case 0x27: replacement = "&#39;"
            case 0x0D: replacement = "&#13;"
            case 0x0A where lineBreaks: replacement = "<br>"
            case 0x00: replacement = "\u{FFFD}"
            default: i &+= 1; continue
            }
            if copyFrom < i { out.append(p.baseAddress! + copyFrom, count: i - copyFrom) }
            out.append(replacement)
            i += 1
            copyFrom = i
        }
        if copyFrom < end { out.append(p.baseAddress! + copyFrom, count: end - copyFrom) }
    }

    /// High bit set in each byte of `x` that is zero (the lowest one exact).
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    static func escaped(_ s: String) -> [UInt8] {
        var out = ByteBuffer(capacity: s.utf8.count * 2)
        var s = s
        s.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), 0 ..< $0.count, lineBreaks: false, to: &out) }
        return Array(out.bytes)
    }
}

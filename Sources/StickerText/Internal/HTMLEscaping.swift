/// HTML escaping into a byte buffer. Every byte of user text passes through
/// `appendEscaped` exactly once; it is the only way text reaches the output.
enum HTMLEscaping {
    /// Appends `utf8[range]` escaped: `& < > " '`, CR as `&#13;` (the HTML
    /// parser would turn a raw CR into LF), and with `lineBreaks` LF as `<br>`.
    /// NUL, which HTML cannot carry, becomes U+FFFD (the renderer refuses NUL
    /// before it gets here; this keeps the function safe on its own).
    ///
    /// Every byte that needs escaping is below 0x40, so the loop looks at
    /// eight bytes at a time (SWAR) and jumps straight to the first byte below
    /// 0x40: CJK text, all bytes ≥ 0x80, goes by in whole words and is copied
    /// in long runs.
    ///
    /// With `jsonString`, the HTML is escaped for a JSON string as well, as
    /// `HTMLRenderer`'s fused loop does: `\` and the control characters HTML
    /// leaves as they are take `JSONStringEscaping.writeEscaped`'s form (HTML's
    /// replacements need no JSON escape).
    @inline(__always)
    static func appendEscaped(
        _ utf8: UnsafeRawBufferPointer, _ range: Range<Int>, lineBreaks: Bool, jsonString: Bool = false,
        to out: inout ByteBuffer
    ) {
        var copyFrom = range.lowerBound
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            if i + 8 <= end {
                let word = UInt64(littleEndian: utf8.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // Any byte < 0x40 (or for JSON a `\`)? If so, exactly which of them are
                // special. In both tests the lowest flagged byte is exact (borrows only run upward).
                var low = (word &- 0x4040_4040_4040_4040) & ~word & 0x8080_8080_8080_8080
                if jsonString { low |= zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C) }
                if low == 0 {
                    i &+= 8
                    continue
                }
                let special = specialBytes(word) | (jsonString ? JSONStringEscaping.specialBytes(word) : 0)
                if special == 0 {
                    i &+= 8
                    continue
                }
                i &+= special.trailingZeroBitCount >> 3
            }
            guard let replacement = replacement(for: utf8[i], lineBreaks: lineBreaks) else {
                if jsonString, JSONStringEscaping.needsEscape(utf8[i]) {
                    if copyFrom < i { out.append(utf8.baseAddress! + copyFrom, count: i - copyFrom) }
                    out.didWrite(JSONStringEscaping.writeEscaped(utf8[i], to: out.spareCapacity(6)))
                    copyFrom = i &+ 1
                }
                i &+= 1
                continue
            }
            if copyFrom < i { out.append(utf8.baseAddress! + copyFrom, count: i - copyFrom) }
            out.append(replacement)
            i += 1
            copyFrom = i
        }
        if copyFrom < end { out.append(utf8.baseAddress! + copyFrom, count: end - copyFrom) }
    }

    /// What a byte of text becomes in HTML, or nil if it stays as it is.
    @inline(__always)
    static func replacement(for byte: UInt8, lineBreaks: Bool) -> StaticString? {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x27: "&#39;"
        case 0x0D: "&#13;"
        case 0x0A: lineBreaks ? "<br>" : nil
        case 0x00: "\u{FFFD}"
        default: nil
        }
    }

    /// High bit set in each byte of `word` that `replacement(for:)` may replace (the lowest one exact).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
            | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E)
            | zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x2727_2727_2727_2727)
            | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            | zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word)
    }

    /// High bit set in each byte of `word` that is zero (the lowest one exact).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    static func escaped(_ text: String) -> [UInt8] {
        var out = ByteBuffer(capacity: text.utf8.count * 2)
        var text = text
        text.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), 0..<$0.count, lineBreaks: false, to: &out) }
        return Array(out.bytes)
    }
}

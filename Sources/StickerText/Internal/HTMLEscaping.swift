/// HTML escaping into a sink. Every byte of user text passes through
/// `appendEscaped`, or the render loop's copy of its rule, exactly once; it
/// is the only way text reaches the output. Inlinable, with the render loop
/// (`HTMLSink`).
@usableFromInline
enum HTMLEscaping {
    /// Appends `utf8[range]` escaped: `& < > " '`, CR as `&#13;` (the HTML
    /// parser would turn a raw CR into LF), and with `lineBreaks` LF as `<br>`.
    /// NUL, which HTML cannot carry, becomes U+FFFD (the renderer refuses NUL
    /// before it gets here; this keeps the function safe on its own).
    ///
    /// Every byte that needs escaping is below 0x40, so the loop looks at
    /// eight bytes at a time (SWAR) and jumps straight to the first byte below
    /// 0x40: CJK text, all bytes ≥ 0x80, goes by in whole words and is copied
    /// in long runs. The bytes the sink writes in its own form
    /// (`HTMLSink.escapes(in:)`) are found in the same pass.
    @inlinable @inline(__always)
    static func appendEscaped<Sink: HTMLSink & ~Copyable>(
        _ utf8: UnsafeRawBufferPointer, _ range: Range<Int>, lineBreaks: Bool, to out: inout Sink
    ) {
        var copyFrom = range.lowerBound
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            if i + 8 <= end {
                let word = UInt64(littleEndian: utf8.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // Any byte < 0x40, or one the sink escapes? If so, exactly which of them are special.
                // In both tests the lowest flagged byte is exact (borrows only run upward).
                let low = (word &- 0x4040_4040_4040_4040) & ~word & 0x8080_8080_8080_8080
                let own = Sink.escapes(in: word)
                if low | own == 0 {
                    i &+= 8
                    continue
                }
                let special = specialBytes(word) | own
                if special == 0 {
                    i &+= 8
                    continue
                }
                i &+= special.trailingZeroBitCount >> 3
            }
            if let replacement = replacement(for: utf8[i], lineBreaks: lineBreaks) {
                if copyFrom < i { out.append(text: UnsafeRawBufferPointer(rebasing: utf8[copyFrom..<i])) }
                out.append(replacement)
            } else if Sink.escapes(utf8[i]) {
                if copyFrom < i { out.append(text: UnsafeRawBufferPointer(rebasing: utf8[copyFrom..<i])) }
                out.append(escaping: utf8[i])
            } else {
                i &+= 1
                continue
            }
            i &+= 1
            copyFrom = i
        }
        if copyFrom < end { out.append(text: UnsafeRawBufferPointer(rebasing: utf8[copyFrom..<end])) }
    }

    /// What a byte of text becomes in HTML, or nil if it stays as it is.
    @inlinable @inline(__always)
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

    /// `replacement(for:lineBreaks:)` of every byte, packed for the render
    /// loop (`HTMLSink.append(packed:)`): the replacement's bytes from a
    /// word's low end and their count in its top byte, 0 where none. A sink
    /// can store the word whole instead of copying a few bytes (a call and
    /// branches on the length, at every line break of a text).
    @inlinable @inline(__always)
    static func packedReplacements(lineBreaks: Bool) -> [UInt64] {
        lineBreaks ? packedWithLineBreaks : packedWithoutLineBreaks
    }

    @usableFromInline static let packedWithLineBreaks = packed(lineBreaks: true)
    @usableFromInline static let packedWithoutLineBreaks = packed(lineBreaks: false)

    private static func packed(lineBreaks: Bool) -> [UInt64] {
        (0...255).map { byte in
            guard let literal = replacement(for: UInt8(byte), lineBreaks: lineBreaks) else { return 0 }
            precondition(literal.utf8CodeUnitCount <= 7, "a replacement too long to pack")
            var word = UInt64(literal.utf8CodeUnitCount) << 56
            for k in 0..<literal.utf8CodeUnitCount { word |= UInt64(literal.utf8Start[k]) << (8 * k) }
            return word
        }
    }

    /// High bit set in each byte of `word` that `replacement(for:)` may replace (the lowest one exact).
    @inlinable @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
            | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E)
            | zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x2727_2727_2727_2727)
            | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            | zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word)
    }

    /// The lanes of `block` that `replacement(for:)` may replace: the bytes
    /// `specialBytes` flags, sixteen at a time, each lane exact.
    @inlinable @inline(__always)
    static func specialLanes(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        lanes(of: block, equalTo: 0x26) .| lanes(of: block, equalTo: 0x3C) .| lanes(of: block, equalTo: 0x3E)
            .| lanes(of: block, equalTo: 0x22) .| lanes(of: block, equalTo: 0x27)
            .| lanes(of: block, equalTo: 0x0D) .| lanes(of: block, equalTo: 0x0A)
            .| lanes(of: block, equalTo: 0x00)
    }

    // The vector forms the compiler turns into single SSE2 instructions: a
    // comparison for equality with a vector, not a scalar (whose generic
    // form compiles to a loop over the lanes here); the mask is read through
    // its two words, not `any(_:)` (a call to a generic `min()`), and an
    // unsigned `.<` compiles to a loop over the lanes.

    /// The lanes of `block` equal to `byte`.
    @inlinable @inline(__always)
    static func lanes(of block: SIMD16<UInt8>, equalTo byte: UInt8) -> SIMDMask<SIMD16<Int8>> {
        block .== SIMD16(repeating: byte)
    }

    /// High bit set in each byte of `word` that is zero (the lowest one exact).
    @inlinable @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The high bits of `word`'s eight bytes (`word` has no other bit set)
    /// as the low eight bits of the answer, the first byte's lowest: one
    /// multiply puts byte k's bit at 56 + k, and no two of its products meet.
    @inlinable @inline(__always)
    static func bitPerByte(_ word: UInt64) -> UInt64 {
        ((word &>> 7) &* 0x0102_0408_1020_4080) &>> 56
    }

    static func escaped(_ text: String) -> [UInt8] {
        var out = HTMLBuffer(capacity: text.utf8.count * 2)
        var text = text
        text.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), 0..<$0.count, lineBreaks: false, to: &out) }
        return Array(out.bytes)
    }
}

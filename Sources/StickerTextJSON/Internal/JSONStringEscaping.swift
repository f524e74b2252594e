/// What a byte becomes inside a JSON string, the one rule: for the
/// renderer's HTML written into a JSON string (`JSONStringHTML`), the
/// strict parser's scan for a string's end (`JSONParser`), and the JSON
/// writer.
enum JSONStringEscaping {
    /// A JSON string literal: `"`, `\` and control characters escaped, the rest as UTF-8.
    static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        out.append("\"")
        appendEscaped(UnsafeRawBufferPointer(utf8), to: &out)
        out.append("\"")
    }

    /// The content of a JSON string literal (`appendQuoted` without the quotes).
    ///
    /// Most bytes need nothing (a render's HTML is the longest string here,
    /// with a `"` every dozen bytes or so in its markup), so bytes are
    /// moved eight at a time (SWAR, as `HTMLEscaping` does): each word is
    /// stored to the output as it is read, and where it holds a byte to
    /// escape, the output resumes at that byte. No run is copied twice and
    /// no escape is a call.
    static func appendEscaped(_ raw: UnsafeRawBufferPointer, to out: inout ByteBuffer) {
        guard raw.baseAddress != nil else { return }
        var i = 0
        while i < raw.count {
            // A slice at a time, with room for its worst case (every byte a
            // `\u00XX`) and for a word stored past its end: at most
            // `ByteBuffer.largestReservation`.
            let end = min(raw.count, i &+ sliceSize)
            let output = out.spareCapacity((end &- i) &* 6 &+ 8)
            out.didWrite(escape(raw, i..<end, to: output))
            i = end
        }
    }

    /// The longest piece `escape` is given at once.
    static let sliceSize = 512

    /// Writes `raw[range]` (at most `sliceSize` bytes) escaped at `output`,
    /// which has room for its worst case and a word more: answers how many
    /// bytes it wrote. Inlined where pieces are short (the renderer's runs
    /// of text between escapes): as a call, with the slicing above, it
    /// cost ~100 instructions a piece.
    @inline(__always)
    static func escape(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>, to output: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        var i = range.lowerBound
        let end = range.upperBound
        var n = 0
        while i < end {
            if i &+ 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                UnsafeMutableRawPointer(output + n).storeBytes(of: word, as: UInt64.self)
                let special = specialBytes(UInt64(littleEndian: word))
                if special == 0 {
                    i &+= 8
                    n &+= 8
                    continue
                }
                let clean = special.trailingZeroBitCount >> 3
                i &+= clean
                n &+= clean
            }
            n &+= writeEscaped(raw[i], to: output + n)
            i &+= 1
        }
        return n
    }

    /// High bit set in each byte of `word` that `writeEscaped` changes: below
    /// 0x20, `"` and `\` (the lowest flagged byte is exact).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
            | zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
    }

    /// High bit set in each byte of `word` that is zero (the lowest one exact).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// Whether `writeEscaped` changes `byte` (what `specialBytes` flags, a byte at a time).
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The one rule of what a byte becomes inside a JSON string, written at
    /// `output` (room for six bytes): `\"`, `\\`, `\n`, `\r`, `\t`, other
    /// control characters as `\u00XX`, any other byte as itself. Answers
    /// how many bytes it wrote.
    @inline(__always)
    static func writeEscaped(_ byte: UInt8, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let escape: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = byte
        case 0x0A: escape = UInt8(ascii: "n")
        case 0x0D: escape = UInt8(ascii: "r")
        case 0x09: escape = UInt8(ascii: "t")
        case 0..<0x20:
            let prefix: StaticString = "\\u00"
            let hex: StaticString = "0123456789abcdef"
            output.update(from: prefix.utf8Start, count: 4)
            output[4] = hex.utf8Start[Int(byte >> 4)]
            output[5] = hex.utf8Start[Int(byte & 0xF)]
            return 6
        default:
            output[0] = byte
            return 1
        }
        output[0] = UInt8(ascii: "\\")
        output[1] = escape
        return 2
    }
}

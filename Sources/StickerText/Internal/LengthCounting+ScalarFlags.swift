/// A byte of facts per BMP code point, built once, so the counting loop
/// answers each of its questions about a scalar with one load.
extension LengthCounting {
    static let bmpFlags: [UInt8] = {
        var flags = [UInt8](repeating: 0, count: 0x10000)
        for range in GraphemeSegmentation.simpleRanges {
            for scalar in range where scalar < 0x10000 {
                flags[Int(scalar)] |= simpleFlag
                // Most simple scalars are domain characters (letters, digits, ideographs):
                // no stop, found with one search.
                if !TwitterURLs.domainChar.contains(scalar) && TwitterURLs.isStop(scalar) {
                    flags[Int(scalar)] |= urlStopFlag
                }
            }
        }
        for (lo, hi) in GB18030Table.twoByteRanges {
            for scalar in lo...hi { flags[Int(scalar)] |= gb18030TwoByteFlag }
        }
        for scalar in 0..<UInt32(0x10000) where weight(scalar) == 100 { flags[Int(scalar)] |= lightFlag }
        return flags
    }()
    /// A three-byte UTF-8 sequence's block of 64 scalars, by its lead byte's
    /// low four bits and its second byte's low six (`(b0 & 0x0F) << 6 | b1 & 0x3F`):
    /// the `simpleFlag`, `gb18030TwoByteFlag` and `lightFlag` that every
    /// scalar of the block has, when all are simple and alike, else 0 (then
    /// the scalar's own `bmpFlags` answer). Most of what Chinese text holds
    /// is in such blocks (the ideographs to U+9F7F, CJK punctuation, box
    /// drawing, fullwidth forms), so the counting loop reads a 1 KiB table
    /// after two bytes instead of the 64 KiB one after decoding three.
    static let threeByteBlockFlags: [UInt8] = (0..<1024).map { block in
        let alike = simpleFlag | gb18030TwoByteFlag | lightFlag
        let first = bmpFlags[block << 6] & alike
        guard first & simpleFlag != 0 else { return 0 }
        return (block << 6..<(block + 1) << 6).allSatisfy { bmpFlags[$0] & alike == first } ? first : 0
    }
    /// `GraphemeSegmentation.isSimple`.
    static let simpleFlag: UInt8 = 1
    /// Two bytes in GB18030 (else four, or one for ASCII).
    static let gb18030TwoByteFlag: UInt8 = 2
    /// Weighs 100 in the weighted count (else 200): `weight(_:)`.
    static let lightFlag: UInt8 = 4
    /// `TwitterURLs.isStop`: no URL holds it, nor reads past it.
    static let urlStopFlag: UInt8 = 8
}

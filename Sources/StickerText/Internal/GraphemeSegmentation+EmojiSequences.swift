/// Grapheme clusters of the chunks chat text is full of: emoji with skin
/// tones, variation selectors and keycaps, ZWJ sequences (👨‍👩‍👧‍👦), and
/// the letters or CJK around them, cut without Swift's segmentation.
///
/// Swift's rules cost ~460 instructions a scalar (property lookups in its
/// tables, then its state machine), and a small render request spent a
/// twentieth of its instructions on two emoji. For a chunk made only of the
/// classes below, three of UAX #29's rules decide every boundary:
/// GB9 (no break before Extend or ZWJ, here never after a control), GB11
/// (no break in ExtPict Extend* ZWJ × ExtPict) and GB999 (break everywhere
/// else). A chunk with any other scalar (regional indicators, marks, jamo,
/// controls, CR, pictographs outside the ranges) goes through Swift's rules.
/// GraphemeSegmentationTests checks every scalar of the ranges against
/// Swift's own segmentation, and the cut against Swift's `Character`s.
extension GraphemeSegmentation {
    enum EmojiSequenceClass {
        /// Extended_Pictographic with Grapheme_Cluster_Break Other.
        case pictographic
        /// Grapheme_Cluster_Break Extend: skin tones, VS16, the keycap.
        case extend
        /// U+200D ZERO WIDTH JOINER.
        case joiner
        /// A simple scalar (`isSimple`) that is neither a control nor a pictograph.
        case other
    }

    /// The scalars of U+1F000…U+1FAFF (where almost every emoji is) that
    /// Swift's segmentation treats as Extended_Pictographic of class Other,
    /// as this toolchain's Unicode data has them (some symbols in these
    /// blocks are not). The test derives the same set from Swift's own
    /// segmentation, scalar by scalar, so a toolchain with other data fails it.
    static let pictographicRanges: [ClosedRange<UInt32>] = [
        0x1F004...0x1F004, 0x1F02C...0x1F02F, 0x1F094...0x1F09F, 0x1F0AF...0x1F0B0,
        0x1F0C0...0x1F0C0, 0x1F0CF...0x1F0D0, 0x1F0F6...0x1F0FF, 0x1F170...0x1F171,
        0x1F17E...0x1F17F, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F1AE...0x1F1E5,
        0x1F201...0x1F20F, 0x1F21A...0x1F21A, 0x1F22F...0x1F22F, 0x1F232...0x1F23A,
        0x1F23C...0x1F23F, 0x1F249...0x1F25F, 0x1F266...0x1F321, 0x1F324...0x1F393,
        0x1F396...0x1F397, 0x1F399...0x1F39B, 0x1F39E...0x1F3F0, 0x1F3F3...0x1F3F5,
        0x1F3F7...0x1F3FA, 0x1F400...0x1F4FD, 0x1F4FF...0x1F53D, 0x1F549...0x1F54E,
        0x1F550...0x1F567, 0x1F56F...0x1F570, 0x1F573...0x1F57A, 0x1F587...0x1F587,
        0x1F58A...0x1F58D, 0x1F590...0x1F590, 0x1F595...0x1F596, 0x1F5A4...0x1F5A5,
        0x1F5A8...0x1F5A8, 0x1F5B1...0x1F5B2, 0x1F5BC...0x1F5BC, 0x1F5C2...0x1F5C4,
        0x1F5D1...0x1F5D3, 0x1F5DC...0x1F5DE, 0x1F5E1...0x1F5E1, 0x1F5E3...0x1F5E3,
        0x1F5E8...0x1F5E8, 0x1F5EF...0x1F5EF, 0x1F5F3...0x1F5F3, 0x1F5FA...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CB...0x1F6D2, 0x1F6D5...0x1F6E5, 0x1F6E9...0x1F6E9,
        0x1F6EB...0x1F6F0, 0x1F6F3...0x1F6FF, 0x1F7DA...0x1F7FF, 0x1F80C...0x1F80F,
        0x1F848...0x1F84F, 0x1F85A...0x1F85F, 0x1F888...0x1F88F, 0x1F8AE...0x1F8AF,
        0x1F8BC...0x1F8BF, 0x1F8C2...0x1F8CF, 0x1F8D9...0x1F8FF, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA58...0x1FA5F, 0x1FA6E...0x1FAFF,
    ]
    static let extendScalars: [ClosedRange<UInt32>] = [0x20E3...0x20E3, 0xFE0F...0xFE0F, 0x1F3FB...0x1F3FF]

    /// `pictographicRanges` as a bit per scalar of U+1F000…U+1FAFF, built once: one load per scalar.
    private static let pictographicBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0xB00 / 64)
        for range in pictographicRanges {
            for scalar in range { bits[Int(scalar - 0x1F000) >> 6] |= 1 << UInt64((scalar - 0x1F000) & 63) }
        }
        return bits
    }()

    @inline(__always)
    static func emojiSequenceClass(_ scalar: UInt32) -> EmojiSequenceClass? {
        if scalar >= 0x1F000 {
            let k = scalar &- 0x1F000
            if k >= 0xB00 { return nil }
            if k >= 0x3FB && k <= 0x3FF { return .extend }  // skin tones
            return pictographicBits[Int(k >> 6)] & (1 << UInt64(k & 63)) != 0 ? .pictographic : nil
        }
        switch scalar {
        case 0x200D: return .joiner
        case 0x20E3, 0xFE0F: return .extend
        // Simple scalars that are Extended_Pictographic (© ® ‼ ⁉ ™ ℹ ▪ ▫ ▶ ◀ ◻ ◼ 〰 〽): after a
        // ZWJ that follows a pictograph they join (GB11), so they are left to Swift.
        case 0xA9, 0xAE, 0x203C, 0x2049, 0x2122, 0x2139, 0x25AA, 0x25AB, 0x25B6, 0x25C0, 0x25FB, 0x25FC, 0x3030, 0x303D:
            return nil
        default: return isSimple(scalar) && scalar >= 0x20 && (scalar < 0x7F || scalar > 0x9F) ? .other : nil
        }
    }

    /// Cuts `chunk` (which starts and ends on a boundary) into clusters and
    /// calls `body` with each, if every scalar in it has a class; returns
    /// false, having called nothing, if one has none.
    @inline(__always)
    static func segmentEmojiSequences(
        _ chunk: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool
    ) -> Bool {
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            guard emojiSequenceClass(UTF8Bytes.scalar(at: i, in: utf8)) != nil else { return false }
            i &+= UTF8Bytes.sequenceLength(utf8[i])
        }
        var start = chunk.lowerBound
        /// The cluster so far ends in ExtPict Extend*.
        var afterPictograph = false
        /// The last scalar is a ZWJ that followed ExtPict Extend* (GB11's left side).
        var joinerAfterPictograph = false
        i = chunk.lowerBound
        while i < chunk.upperBound {
            let kind = emojiSequenceClass(UTF8Bytes.scalar(at: i, in: utf8)).unsafelyUnwrapped
            let joins: Bool
            switch kind {
            case .extend, .joiner: joins = true  // GB9
            case .pictographic: joins = joinerAfterPictograph  // GB11
            case .other: joins = false
            }
            if !joins && i > start {
                if !body(start..<i) { return true }
                start = i
            }
            switch kind {
            case .pictographic:
                afterPictograph = true
                joinerAfterPictograph = false
            case .extend: joinerAfterPictograph = false
            case .joiner:
                joinerAfterPictograph = afterPictograph
                afterPictograph = false
            case .other:
                afterPictograph = false
                joinerAfterPictograph = false
            }
            i &+= UTF8Bytes.sequenceLength(utf8[i])
        }
        if start < chunk.upperBound { _ = body(start..<chunk.upperBound) }
        return true
    }
}

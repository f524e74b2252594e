/// Decides whether a grapheme cluster is an emoji, from Unicode 18.0's emoji
/// properties (`GraphemeBreakTable.emojiRuns`, generated from emoji-data.txt,
/// the page's JS model reads the same): not Swift's `Unicode.Scalar.Properties`,
/// whose Unicode version is the toolchain's, nor the original interceptor's
/// code point ranges (which go stale with every Unicode release and call `…`
/// or Hangul emoji).
///
/// A cluster is an emoji when it shows as one: any scalar with default emoji
/// presentation (😀, flags' regional indicators, 🏴 tag sequences), an emoji
/// modifier (skin tone), or an emoji character made emoji-style by U+FE0F or
/// a keycap U+20E3. Text-style characters that merely *can* be emoji — `#`,
/// digits, `©` without U+FE0F — are text.
enum EmojiClassifier {
    /// Below this no scalar is shown as emoji alone (U+231A WATCH is the first):
    /// text of combining marks skips the lookups.
    static let firstShown: UInt32 = 0x231A

    static func isEmoji<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        var first: UInt32?
        for scalar in scalars {
            let c = scalar.value
            if first == nil { first = c }
            if c >= firstShown && kind(of: c) == .emoji { return true }
            if c == 0xFE0F || c == 0x20E3, let first, kind(of: first) != .none { return true }
        }
        return false
    }

    /// The cluster at `utf8[range]`, decoded in place.
    static func isEmoji(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        isEmoji(ScalarSequence(bytes: utf8, range: range))
    }

    /// How `scalar` shows as emoji: a binary search of the runs.
    static func kind(of scalar: UInt32) -> EmojiKind {
        let kind = PackedRuns.value(
            of: scalar, in: GraphemeBreakTable.emojiRuns, bits: GraphemeBreakTable.emojiKindBits)
        return EmojiKind(rawValue: UInt8(kind)).unsafelyUnwrapped
    }
}

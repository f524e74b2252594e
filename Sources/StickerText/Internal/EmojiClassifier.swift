/// Decides whether a grapheme cluster is an emoji, from Unicode properties
/// rather than the code point ranges of the original interceptor (which go
/// stale with every Unicode release and call `…` or Hangul emoji).
///
/// A cluster is an emoji when it shows as one: any scalar with default emoji
/// presentation (😀, flags' regional indicators, 🏴 tag sequences), an emoji
/// modifier (skin tone), or an emoji character made emoji-style by U+FE0F or
/// a keycap U+20E3. Text-style characters that merely *can* be emoji — `#`,
/// digits, `©` without U+FE0F — are text.
enum EmojiClassifier {
    static func isEmoji<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        var first: Unicode.Scalar?
        for scalar in scalars {
            if first == nil { first = scalar }
            // No scalar below U+231A is Emoji_Presentation or Emoji_Modifier, and
            // skipping the property lookups keeps text of combining marks fast.
            if scalar.value >= 0x231A {
                let properties = scalar.properties
                if properties.isEmojiPresentation || properties.isEmojiModifier { return true }
            }
            if scalar.value == 0xFE0F || scalar.value == 0x20E3 {
                if first?.properties.isEmoji == true { return true }
            }
        }
        return false
    }

    /// The cluster at `utf8[range]`, decoded in place.
    static func isEmoji(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        isEmoji(ScalarSequence(bytes: utf8, range: range))
    }
}

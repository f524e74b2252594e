extension InputPolicy {
    /// How `maxLength` is counted.
    public enum CountMode: String, CaseIterable, Sendable {
        /// User-perceived characters.
        case graphemes
        /// UTF-16 code units, what `NSString.length` and JavaScript's `length` give.
        case utf16
        /// UTF-8 bytes.
        case utf8
        /// GB18030 bytes: ASCII 1, CJK 2, emoji 4, as `len(s.encode('gb18030'))`.
        case gb18030
        /// twitter-text v3 weighted length (`parseTweet`): NFC, CJK and emoji 2,
        /// Latin 1, every URL 23 (found in the text between stickers); a text with
        /// U+FFFE, U+FEFF or U+FFFF is invalid. See docs/model.md, "Weighted".
        case weighted
    }
}

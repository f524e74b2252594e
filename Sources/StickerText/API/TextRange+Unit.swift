extension TextRange {
    /// The unit of display offsets. In both, one sticker counts 1.
    public enum Unit: String, Sendable, CaseIterable {
        /// UTF-16 code units: a `UITextView`'s NSRange with attachments, a browser's DOM offsets.
        case utf16
        /// User-perceived characters (grapheme clusters).
        case grapheme
    }
}

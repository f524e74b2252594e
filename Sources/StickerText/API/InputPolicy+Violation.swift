extension InputPolicy {
    /// A rule that a text breaks (the `violations` of its counts), or that an
    /// edit would break, and so was refused whole (`EditResult.rejected`).
    public enum Violation: String, CaseIterable, Sendable {
        /// Longer than `maxLength` in the policy's count mode.
        case maxLength
        /// Holds an emoji under `emoji: reject`.
        case emoji
        /// Something other than ASCII digits under `content: digits`.
        case digits
        /// Not a decimal number under `content: decimal`.
        case decimal
        /// More digits after the point than `decimalPlaces`.
        case decimalPlaces
        /// Holds U+FFFE, U+FEFF or U+FFFF under `countMode: weighted` (twitter-text v3 calls such a text invalid).
        case invalidCharacters
        /// Would insert U+0000 (NUL), which no text field or HTML can carry: the rule
        /// of every policy, so an edit's refusal only (counts take the text as it is).
        case nul = "text"
    }
}

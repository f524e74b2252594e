extension InputPolicy {
    /// A rule of an `InputPolicy` that a text breaks: the `violations` of its counts.
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
    }
}

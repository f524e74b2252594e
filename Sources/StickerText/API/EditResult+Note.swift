extension EditResult {
    /// What the policy did to an edit that went through (`note`), the reason
    /// behind its `message` for a program or a page to say in its own language.
    public enum Note: String, CaseIterable, Sendable {
        /// Emoji the insert made were taken out under `emoji: strip`.
        case emojiRemoved
        /// The text was over `maxLength` already: nothing was inserted.
        case alreadyOver
        /// The insert was cut short to fit `maxLength`.
        case cutShort
        /// Not one whole unit of the insert fits within `maxLength`.
        case nothingFits
    }
}

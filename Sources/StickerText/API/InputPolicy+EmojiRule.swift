extension InputPolicy {
    /// What an input field does with emoji.
    public enum EmojiRule: String, CaseIterable, Sendable {
        case allow
        /// An edit that inserts an emoji is refused whole.
        case reject
        /// Emoji are removed from inserted text; the rest goes in.
        case strip
    }
}

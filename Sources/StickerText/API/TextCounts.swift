/// Every length of a text at once, what it contains, and how it stands against a policy.
public struct TextCounts: Hashable, Sendable {
    public struct FoundSticker: Hashable, Sendable {
        /// The code as typed (canonical tag or alias).
        public let code: String
        /// The canonical tag.
        public let tag: String
        public let pack: String
        /// Range in the plain text, in UTF-16 units.
        public let range: TextRange
        /// The catalog entry (its index), for the transport's `StickerListings`.
        package let entry: Int
    }

    public struct FoundEmoji: Hashable, Sendable {
        public let emoji: String
        /// Range in the plain text, in UTF-16 units.
        public let range: TextRange
    }

    public let graphemes: Int
    public let utf16: Int
    public let utf8: Int
    public let gb18030: Int
    public let weighted: Int
    /// Length in the policy's count mode (stickers weighed as the policy says).
    public let length: Int
    public let countMode: InputPolicy.CountMode
    public let maxLength: Int?
    public let stickers: [FoundSticker]
    public let emoji: [FoundEmoji]
    /// Whether the text obeys the whole policy.
    public let valid: Bool
    /// `maxLength - length` (negative when over), nil without a limit.
    public let remaining: Int?
    public let overBy: Int
    /// The rules the text breaks: `maxLength`, `emoji`, `digits`, `decimal`, `decimalPlaces`.
    public let violations: [InputPolicy.Violation]
}

extension TextCounts.FoundSticker {
    /// Catalog entry `entry`, found at `range`. Inlined into counting's
    /// loop: as a call it cost a render ~3k instructions (callgrind).
    @inline(__always)
    package init(entry: Int, in catalog: StickerCatalog, range: TextRange) {
        let found = catalog.entries[entry]
        self.init(
            code: found.code, tag: catalog.sticker(for: found).tag ?? found.code, pack: catalog.pack(for: found).id,
            range: range, entry: entry)
    }
}

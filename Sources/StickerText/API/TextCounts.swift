/// Every length of a text at once, what it contains, and how it stands against a policy.
public struct TextCounts: Hashable, Sendable {
    /// A sticker or an emoji in the text, and where it is.
    public struct Found: Hashable, Sendable {
        /// A sticker's code as typed (canonical tag or alias), or the emoji.
        public let text: String
        /// Range in the plain text, in UTF-16 units.
        public let range: TextRange
        /// A sticker's canonical tag; nil for an emoji.
        public let tag: String?
        /// The id of a sticker's pack; nil for an emoji.
        public let pack: String?
        /// A sticker's catalog entry (its index), for the transport's `StickerListings`; -1 for an emoji.
        package let entry: Int
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
    /// The stickers, in order (each with its `tag` and `pack`).
    public let stickers: [Found]
    /// The emoji, in order.
    public let emoji: [Found]
    /// Whether the text obeys the whole policy.
    public let valid: Bool
    /// `maxLength - length` (negative when over), nil without a limit.
    public let remaining: Int?
    public let overBy: Int
    /// The rules the text breaks: `maxLength`, `emoji`, `digits`, `decimal`, `decimalPlaces`.
    public let violations: [InputPolicy.Violation]
}

extension TextCounts.Found {
    /// Catalog entry `entry`, found at `range`. Inlined into counting's
    /// loop: as a call it cost a render ~3k instructions (callgrind).
    @inline(__always)
    package init(entry: Int, in catalog: StickerCatalog, range: TextRange) {
        let found = catalog.entries[entry]
        // The tag and the pack's id read in place: `sticker(for:)` and `pack(for:)` copy the whole
        // sticker and pack (each a retain per field) for one string.
        self.init(
            text: found.code, range: range,
            tag: catalog.packs[found.packIndex].stickers[found.stickerIndex].tag ?? found.code,
            pack: catalog.packs[found.packIndex].id, entry: entry)
    }

    /// An emoji, found at `range`.
    init(emoji: String, range: TextRange) {
        self.init(text: emoji, range: range, tag: nil, pack: nil, entry: -1)
    }
}

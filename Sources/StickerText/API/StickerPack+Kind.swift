extension StickerPack {
    /// Whether a pack's stickers are pictures (inserted as `[tag]` codes)
    /// or Unicode emoji (inserted as the emoji text itself).
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case image
        case emoji
    }
}

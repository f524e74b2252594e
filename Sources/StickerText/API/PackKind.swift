/// Whether a pack's stickers are pictures (inserted as `[tag]` codes)
/// or Unicode emoji (inserted as the emoji text itself).
public enum PackKind: String, CaseIterable, Hashable, Sendable {
    case image
    case emoji
}

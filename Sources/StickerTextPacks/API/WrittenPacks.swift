import Foundation
import StickerText

/// What writing imported packs into a packs folder did.
public struct WrittenPacks: Sendable {
    /// The packs as written: what the import made, less what collisions took.
    public var packs: [StickerPack]
    /// The `pack.json` of each, as `packs` (where they would go, in a dry run).
    public var files: [URL]
    /// Codes skipped or overwritten, aliases made keywords, packs replaced or emptied.
    public var notes: [String]
    /// How many imported stickers were skipped, their codes the folder's already (tootctl's "skipped").
    public var skippedCodes = 0
}

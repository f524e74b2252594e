import StickerText

/// What an import made, and what it has to say (categories that became
/// packs, entries passed over).
public struct PackImport: Sendable {
    public var packs: [ImportedPack]
    public var notes: [String]
    /// The problems of the emoji an import with `skipInvalid` left out, each
    /// naming its file and entry (the same ones an import without it refuses with).
    public var skipped: [StickerPack.Issue] = []
    /// How many emoji of the source were passed over as its own system's
    /// import passes them over (Misskey's entries whose picture was not downloaded).
    public var passedOver = 0

    public init(packs: [ImportedPack], notes: [String], skipped: [StickerPack.Issue] = []) {
        self.packs = packs
        self.notes = notes
        self.skipped = skipped
    }
}

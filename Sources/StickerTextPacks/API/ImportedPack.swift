import StickerText

/// One pack an import made, with the bytes of its files (by their names in
/// the pack), not yet written.
public struct ImportedPack: Sendable {
    public var pack: StickerPack
    public var files: [String: [UInt8]]
}

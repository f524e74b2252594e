/// A pack of stickers, as its file holds it: one tab of the picker.
public struct StickerPack: Hashable, Sendable {
    public var id: String
    public var title: LocalizedName
    /// The tag (or, in an emoji pack, the emoji) shown on the pack's tab.
    public var cover: String
    public var kind: Kind
    /// Where the pack's tab goes in the picker (lower first); packs without
    /// one follow, by id.
    public var order: Int?
    public var stickers: [Sticker]
    /// Who made the pack and on what terms, as free text (`CC BY 4.0, by
    /// …`), and where it comes from: carried to and from the formats that
    /// have room for them (Pleroma's `license` and `homepage`, Misskey's
    /// `license`, Matrix's `attribution`). Not served by the API.
    public var license: String?
    public var homepage: String?

    public init(
        id: String, title: LocalizedName, cover: String, kind: Kind, order: Int? = nil, stickers: [Sticker],
        license: String? = nil, homepage: String? = nil
    ) {
        self.id = id
        self.title = title
        self.cover = cover
        self.kind = kind
        self.order = order
        self.stickers = stickers
        self.license = license
        self.homepage = homepage
    }
}

/// One sticker of a pack: a picture with its codes, or an emoji, with its names and search keys.
public struct Sticker: Hashable, Sendable {
    /// The canonical code, brackets included: `[微笑]`. Picture stickers only.
    public var tag: String?
    /// Other codes that render the same sticker (traditional Chinese, English).
    public var aliases: [String]
    /// Accessible name, also the `title` of the rendered image.
    public var name: LocalizedName
    public var image: StickerImage?
    /// The emoji text itself, for stickers of an emoji pack.
    public var emoji: String?
    /// The search keys: the Chinese name's full pinyin (`xiaoku`) and its
    /// initials (`xk`), lowercase ASCII, written by the pack tools (PyPI
    /// pypinyin) so that nothing needs a dictionary at run time; and
    /// keywords, folded as searches fold them. See `StickerCatalog+Search`.
    public var pinyin: String?
    public var initials: String?
    public var keywords: [String]
    /// Its own licence, where it is not its pack's (Misskey keeps one per
    /// emoji), carried to and from the formats with room for it; and whether
    /// it is left out of pickers though its code renders (Mastodon's
    /// `visible_in_picker: false`, tootctl's `--unlisted`). Kept in
    /// the pack's file for moving packs; not served by the API.
    public var license: String?
    public var unlisted: Bool

    public init(
        tag: String?, aliases: [String] = [], name: LocalizedName,
        image: StickerImage? = nil, emoji: String? = nil,
        pinyin: String? = nil, initials: String? = nil, keywords: [String] = [],
        license: String? = nil, unlisted: Bool = false
    ) {
        self.tag = tag
        self.aliases = aliases
        self.name = name
        self.image = image
        self.emoji = emoji
        self.pinyin = pinyin
        self.initials = initials
        self.keywords = keywords
        self.license = license
        self.unlisted = unlisted
    }

    /// Every code this sticker answers to, canonical first.
    public var codes: [String] { (tag.map { [$0] } ?? []) + aliases }
}

/// A name in the two languages the picker shows.
public struct LocalizedName: Hashable, Sendable {
    public var zh: String
    public var en: String

    public init(zh: String, en: String) {
        self.zh = zh
        self.en = en
    }
}

/// Whether a pack's stickers are pictures (inserted as `[tag]` codes)
/// or Unicode emoji (inserted as the emoji text itself).
public enum PackKind: String, CaseIterable, Hashable, Sendable {
    case image
    case emoji
}

/// The picture files of one sticker, relative to its pack folder.
public struct StickerImage: Hashable, Sendable {
    public var x1: String
    public var x2: String
    public var x3: String
    /// Intrinsic size of the 1x file in pixels.
    public var width: Int
    public var height: Int
    /// Set when the files are animations (APNG, GIF or WebP): their still
    /// frame, shown to readers who ask for reduced motion and in the picker's grid.
    public var poster: StickerPoster?

    public init(x1: String, x2: String, x3: String, width: Int, height: Int, poster: StickerPoster? = nil) {
        self.x1 = x1
        self.x2 = x2
        self.x3 = x3
        self.width = width
        self.height = height
        self.poster = poster
    }

    public var isAnimated: Bool { poster != nil }

    var files: [String] { [x1, x2, x3] }
    /// The files and the poster's.
    var allFiles: [String] { files + (poster?.files ?? []) }
}

/// The still frame of an animated sticker, one file per scale like the
/// animation, each the pixel size of the animation's file at that scale.
public struct StickerPoster: Hashable, Sendable {
    public var x1: String
    public var x2: String
    public var x3: String

    public init(x1: String, x2: String, x3: String) {
        self.x1 = x1
        self.x2 = x2
        self.x3 = x3
    }

    var files: [String] { [x1, x2, x3] }
}

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
    /// keywords, folded as searches fold them. See `StickerSearch`.
    public var pinyin: String?
    public var initials: String?
    public var keywords: [String]

    public init(tag: String?, aliases: [String] = [], name: LocalizedName,
                image: StickerImage? = nil, emoji: String? = nil,
                pinyin: String? = nil, initials: String? = nil, keywords: [String] = []) {
        self.tag = tag
        self.aliases = aliases
        self.name = name
        self.image = image
        self.emoji = emoji
        self.pinyin = pinyin
        self.initials = initials
        self.keywords = keywords
    }

    /// Every code this sticker answers to, canonical first.
    public var codes: [String] { (tag.map { [$0] } ?? []) + aliases }
}

public struct StickerPack: Hashable, Sendable {
    public var id: String
    public var title: LocalizedName
    /// The tag (or, in an emoji pack, the emoji) shown on the pack's tab.
    public var cover: String
    public var kind: PackKind
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

    public init(id: String, title: LocalizedName, cover: String, kind: PackKind, order: Int? = nil, stickers: [Sticker],
                license: String? = nil, homepage: String? = nil) {
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

/// `pack.json`, read as strictly as an API body (the same parser: unknown
/// fields, wrong types and duplicate keys are errors that name the field).
/// The transport (StickerTextJSON) writes it, with the documents that list packs.
extension StickerPack {
    static let fields = ["id", "title", "cover", "kind", "order", "stickers", "license", "homepage"]

    /// A pack from the bytes of its `pack.json`.
    package init(packJSON bytes: [UInt8]) throws(JSONError) {
        try self.init(json: JSONFields(JSONValue.parse(bytes), allowed: Self.fields))
    }

    init(json f: JSONFields) throws(JSONError) {
        id = try f.requiredString("id")
        title = try LocalizedName(json: f.requiredObject("title", allowed: LocalizedName.fields))
        cover = try f.requiredString("cover")
        kind = try f.requiredChoice("kind", PackKind.self)
        order = try f.int("order")
        var stickers: [Sticker] = []
        for (i, item) in try f.requiredArray("stickers").enumerated() {
            stickers.append(try Sticker(json: JSONFields(item, path: "stickers[\(i)]", allowed: Sticker.fields)))
        }
        self.stickers = stickers
        license = try f.string("license")
        homepage = try f.string("homepage")
    }
}

extension Sticker {
    static let fields = ["tag", "aliases", "name", "image", "emoji", "pinyin", "initials", "keywords"]

    init(json f: JSONFields) throws(JSONError) {
        tag = try f.string("tag")
        aliases = try Self.strings(f, "aliases")
        name = try LocalizedName(json: f.requiredObject("name", allowed: LocalizedName.fields))
        image = try f.object("image", allowed: StickerImage.fields).map { (i) throws(JSONError) in try StickerImage(json: i) }
        emoji = try f.string("emoji")
        pinyin = try f.string("pinyin")
        initials = try f.string("initials")
        keywords = try Self.strings(f, "keywords")
    }

    /// An optional array of strings (empty when absent).
    private static func strings(_ f: JSONFields, _ key: String) throws(JSONError) -> [String] {
        try f.array(key)?.enumerated().map { (i, item) throws(JSONError) in
            guard case .string(let s) = item else { throw JSONError(.invalidValue, "\(f.name(key))[\(i)] must be a string") }
            return s
        } ?? []
    }
}

extension StickerImage {
    static let fields = ["1x", "2x", "3x", "width", "height", "animated", "poster"]

    /// `"animated": true` and a `poster` come together: a reader asking for
    /// reduced motion must have a still to see, and a poster of a still is a
    /// file no one would ever be shown.
    init(json f: JSONFields) throws(JSONError) {
        x1 = try f.requiredString("1x")
        x2 = try f.requiredString("2x")
        x3 = try f.requiredString("3x")
        width = try f.requiredInt("width")
        height = try f.requiredInt("height")
        let animated = try f.bool("animated") ?? false
        poster = try f.object("poster", allowed: StickerPoster.fields).map { (p) throws(JSONError) in try StickerPoster(json: p) }
        if animated && poster == nil {
            throw JSONError(.invalidValue, "missing \"\(f.name("poster"))\": an animated image needs a still poster")
        }
        if !animated && poster != nil {
            throw JSONError(.invalidValue, "\(f.name("poster")) is for animated images: add \"\(f.name("animated"))\": true")
        }
    }
}

extension StickerPoster {
    static let fields = ["1x", "2x", "3x"]

    init(json f: JSONFields) throws(JSONError) {
        x1 = try f.requiredString("1x")
        x2 = try f.requiredString("2x")
        x3 = try f.requiredString("3x")
    }
}

extension LocalizedName {
    static let fields = ["zh", "en"]

    init(json f: JSONFields) throws(JSONError) {
        zh = try f.requiredString("zh")
        en = try f.requiredString("en")
    }
}

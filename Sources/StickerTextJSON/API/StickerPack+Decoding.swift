import StickerText

/// `pack.json`, read as strictly as an API body (the same parser: unknown
/// fields, wrong types and duplicate keys are errors that name the field).
/// `StickerPack+Encoding` writes it; `StickerCatalog+Loading` reads a folder of them.
extension StickerPack {
    static let fields = ["id", "title", "cover", "kind", "order", "stickers", "license", "homepage"]

    /// A pack from the bytes of its `pack.json`.
    package init(packJSON bytes: [UInt8]) throws(JSONError) {
        try self.init(json: JSONFields(JSONValue.parse(bytes), allowed: Self.fields))
    }

    init(json fields: JSONFields) throws(JSONError) {
        // Read in the order of the fields, so that the first problem is named.
        let id = try fields.requiredString("id")
        let title = try LocalizedName(json: fields.requiredObject("title", allowed: LocalizedName.fields))
        let cover = try fields.requiredString("cover")
        let kind = try fields.requiredChoice("kind", StickerPack.Kind.self)
        let order = try fields.int("order")
        var stickers: [Sticker] = []
        for (index, item) in try fields.requiredArray("stickers").enumerated() {
            stickers.append(try Sticker(json: JSONFields(item, path: "stickers[\(index)]", allowed: Sticker.fields)))
        }
        try self.init(
            id: id, title: title, cover: cover, kind: kind, order: order, stickers: stickers,
            license: fields.string("license"), homepage: fields.string("homepage"))
    }
}

extension Sticker {
    static let fields = [
        "tag", "aliases", "name", "image", "emoji", "pinyin", "initials", "keywords", "license", "unlisted",
    ]

    init(json fields: JSONFields) throws(JSONError) {
        try self.init(
            tag: fields.string("tag"),
            aliases: Self.strings(fields, "aliases"),
            name: LocalizedName(json: fields.requiredObject("name", allowed: LocalizedName.fields)),
            image: fields.object("image", allowed: StickerImage.fields).map { (imageFields) throws(JSONError) in
                try StickerImage(json: imageFields)
            },
            emoji: fields.string("emoji"),
            pinyin: fields.string("pinyin"),
            initials: fields.string("initials"),
            keywords: Self.strings(fields, "keywords"),
            license: fields.string("license"),
            unlisted: fields.bool("unlisted") ?? false)
    }

    /// An optional array of strings (empty when absent).
    private static func strings(_ fields: JSONFields, _ key: String) throws(JSONError) -> [String] {
        try fields.array(key)?.enumerated().map { (index, item) throws(JSONError) in
            guard case .string(let string) = item else {
                throw JSONError(.invalidValue, "\(fields.name(key))[\(index)] must be a string")
            }
            return string
        } ?? []
    }
}

extension StickerImage {
    static let fields = ["1x", "2x", "3x", "width", "height", "animated", "poster"]
    static let posterFields = ["1x", "2x", "3x"]

    /// `"animated": true` and a `poster` come together: a reader asking for
    /// reduced motion must have a still to see, and a poster of a still is a
    /// file no one would ever be shown.
    init(json fields: JSONFields) throws(JSONError) {
        let x1 = try fields.requiredString("1x")
        let x2 = try fields.requiredString("2x")
        let x3 = try fields.requiredString("3x")
        let width = try fields.requiredInt("width")
        let height = try fields.requiredInt("height")
        let animated = try fields.bool("animated") ?? false
        // The poster's files, a still of the animation's size.
        let poster = try fields.object("poster", allowed: Self.posterFields).map {
            (posterFields) throws(JSONError) in
            try StickerImage(
                x1: posterFields.requiredString("1x"), x2: posterFields.requiredString("2x"),
                x3: posterFields.requiredString("3x"), width: width, height: height)
        }
        if animated && poster == nil {
            throw JSONError(
                .invalidValue, "missing \"\(fields.name("poster"))\": an animated image needs a still poster")
        }
        if !animated && poster != nil {
            throw JSONError(
                .invalidValue,
                "\(fields.name("poster")) is for animated images: add \"\(fields.name("animated"))\": true")
        }
        self.init(x1: x1, x2: x2, x3: x3, width: width, height: height, poster: poster)
    }
}

extension LocalizedName {
    static let fields = ["zh", "en"]

    init(json fields: JSONFields) throws(JSONError) {
        try self.init(zh: fields.requiredString("zh"), en: fields.requiredString("en"))
    }
}

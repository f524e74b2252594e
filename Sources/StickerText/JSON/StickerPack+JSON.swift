/// `pack.json`, read as strictly as an API body (the same parser: unknown
/// fields, wrong types and duplicate keys are errors that name the field)
/// and written by the same writer.
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

    /// `pack.json`, keys sorted, as the pack tools write it.
    public var packJSON: [UInt8] {
        var w = JSONWriter(capacity: 256 * stickers.count + 256)
        w.object { w in
            w.key("cover"); w.string(cover)
            if let homepage { w.key("homepage"); w.string(homepage) }
            w.key("id"); w.string(id)
            w.key("kind"); w.string(kind.rawValue)
            if let license { w.key("license"); w.string(license) }
            if let order { w.key("order"); w.int(order) }
            w.key("stickers"); w.array(stickers) { w, s in s.write(to: &w, image: { w, image in image.write(to: &w) }) }
            w.key("title"); title.write(to: &w)
        }
        return w.bytes
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

    /// The sticker's fields, sorted, with its image written by `image`
    /// (the file names in `pack.json`, URLs in the packs document).
    /// A search result adds how it matched and its pack's id, in their sorted places.
    func write(to w: inout JSONWriter, found: (match: SearchMatch, pack: String)? = nil,
               image writeImage: (inout JSONWriter, StickerImage) -> Void) {
        w.object { w in
            w.key("aliases"); w.array(aliases) { w, a in w.string(a) }
            if let emoji { w.key("emoji"); w.string(emoji) }
            if let image { w.key("image"); writeImage(&w, image) }
            if let initials { w.key("initials"); w.string(initials) }
            if !keywords.isEmpty { w.key("keywords"); w.array(keywords) { w, k in w.string(k) } }
            if let found { w.key("match"); w.string(found.match.rawValue) }
            w.key("name"); name.write(to: &w)
            if let found { w.key("pack"); w.string(found.pack) }
            if let pinyin { w.key("pinyin"); w.string(pinyin) }
            if let tag { w.key("tag"); w.string(tag) }
        }
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

    /// The image as pages use it: `{height, src, srcset, width}`, with URLs
    /// under `base` (ending in `/`); an animation adds `animated: true` and
    /// its `poster`'s `{src, srcset}`.
    func writeURLs(to w: inout JSONWriter, pack: String, base: String) {
        let urls = urls(pack: pack, base: base)
        w.object { w in
            if poster != nil { w.key("animated"); w.bool(true) }
            w.key("height"); w.int(height)
            if let poster {
                let still = poster.urls(pack: pack, base: base)
                w.key("poster")
                w.object { w in
                    w.key("src"); w.string(still.src)
                    w.key("srcset"); w.string(still.srcset)
                }
            }
            w.key("src"); w.string(urls.src)
            w.key("srcset"); w.string(urls.srcset)
            w.key("width"); w.int(width)
        }
    }

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("1x"); w.string(x1)
            w.key("2x"); w.string(x2)
            w.key("3x"); w.string(x3)
            if poster != nil { w.key("animated"); w.bool(true) }
            w.key("height"); w.int(height)
            if let poster {
                w.key("poster")
                w.object { w in
                    w.key("1x"); w.string(poster.x1)
                    w.key("2x"); w.string(poster.x2)
                    w.key("3x"); w.string(poster.x3)
                }
            }
            w.key("width"); w.int(width)
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

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("en"); w.string(en)
            w.key("zh"); w.string(zh)
        }
    }
}

extension StickerCatalog {
    /// The body of `GET /api/packs`: what a picker needs to draw its tabs and
    /// grids, with image URLs (under `base`, ending in `/`) ready for `src`
    /// and `srcset`.
    public func packsDocument(base: String = "/") -> [UInt8] {
        var w = JSONWriter(capacity: 400 * entries.count + 1024)
        w.object { w in
            w.key("packs")
            w.array(packs) { w, pack in
                w.object { w in
                    w.key("cover"); w.string(pack.cover)
                    w.key("id"); w.string(pack.id)
                    w.key("kind"); w.string(pack.kind.rawValue)
                    w.key("stickers")
                    w.array(pack.stickers) { w, sticker in
                        sticker.write(to: &w) { w, image in image.writeURLs(to: &w, pack: pack.id, base: base) }
                    }
                    w.key("title"); pack.title.write(to: &w)
                }
            }
        }
        return w.bytes
    }
}

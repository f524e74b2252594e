import StickerText

/// Packs, stickers, images and names as JSON: in `pack.json`
/// (`StickerPack.packJSON`), in the packs document and in search results
/// (`StickerCatalog+Documents`). Keys sorted, as the pack tools write them.
extension StickerPack {
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

extension LocalizedName {
    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("en"); w.string(en)
            w.key("zh"); w.string(zh)
        }
    }
}

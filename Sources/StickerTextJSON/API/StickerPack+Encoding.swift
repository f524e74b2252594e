import StickerText

/// Packs, stickers, images and names as JSON: in `pack.json`
/// (`StickerPack.packJSON`), in the packs document and in search results
/// (`StickerCatalog+Documents`). Keys sorted, as the pack tools write them.
extension StickerPack {
    /// `pack.json`, keys sorted, as the pack tools write it.
    public var packJSON: [UInt8] {
        var writer = JSONWriter(capacity: 256 * stickers.count + 256)
        writer.object { writer in
            writer.key("cover")
            writer.string(cover)
            if let homepage {
                writer.key("homepage")
                writer.string(homepage)
            }
            writer.key("id")
            writer.string(id)
            writer.key("kind")
            writer.string(kind.rawValue)
            if let license {
                writer.key("license")
                writer.string(license)
            }
            if let order {
                writer.key("order")
                writer.int(order)
            }
            writer.key("stickers")
            writer.array(stickers) { writer, sticker in
                sticker.write(to: &writer, packFile: true, image: { writer, image in image.write(to: &writer) })
            }
            writer.key("title")
            title.write(to: &writer)
        }
        return writer.bytes
    }
}

extension Sticker {
    /// The sticker's fields, sorted, with its image written by `image`
    /// (the file names in `pack.json`, URLs in the packs document).
    /// A search result adds how it matched and its pack's id, in their sorted places;
    /// `pack.json` (`packFile`) its licence and `unlisted`, which the API does not serve.
    func write(
        to writer: inout JSONWriter, found: (match: SearchResult.Match, pack: String)? = nil, packFile: Bool = false,
        image writeImage: (inout JSONWriter, StickerImage) -> Void
    ) {
        writer.object { writer in
            writer.key("aliases")
            writer.array(aliases) { writer, alias in writer.string(alias) }
            if let emoji {
                writer.key("emoji")
                writer.string(emoji)
            }
            if let image {
                writer.key("image")
                writeImage(&writer, image)
            }
            if let initials {
                writer.key("initials")
                writer.string(initials)
            }
            if !keywords.isEmpty {
                writer.key("keywords")
                writer.array(keywords) { writer, keyword in writer.string(keyword) }
            }
            if packFile, let license {
                writer.key("license")
                writer.string(license)
            }
            if let found {
                writer.key("match")
                writer.string(found.match.rawValue)
            }
            writer.key("name")
            name.write(to: &writer)
            if let found {
                writer.key("pack")
                writer.string(found.pack)
            }
            if let pinyin {
                writer.key("pinyin")
                writer.string(pinyin)
            }
            if let tag {
                writer.key("tag")
                writer.string(tag)
            }
            if packFile && unlisted {
                writer.key("unlisted")
                writer.bool(true)
            }
        }
    }
}

extension StickerImage {
    /// The image as pages use it: `{height, src, srcset, width}`, with URLs
    /// under `base` (ending in `/`); an animation adds `animated: true` and
    /// its `poster`'s `{src, srcset}`.
    func writeURLs(to writer: inout JSONWriter, pack: String, base: String) {
        let urls = urls(pack: pack, base: base)
        writer.object { writer in
            if poster != nil {
                writer.key("animated")
                writer.bool(true)
            }
            writer.key("height")
            writer.int(height)
            if let poster {
                let still = poster.urls(pack: pack, base: base)
                writer.key("poster")
                writer.object { writer in
                    writer.key("src")
                    writer.string(still.src)
                    writer.key("srcset")
                    writer.string(still.srcset)
                }
            }
            writer.key("src")
            writer.string(urls.src)
            writer.key("srcset")
            writer.string(urls.srcset)
            writer.key("width")
            writer.int(width)
        }
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("1x")
            writer.string(x1)
            writer.key("2x")
            writer.string(x2)
            writer.key("3x")
            writer.string(x3)
            if poster != nil {
                writer.key("animated")
                writer.bool(true)
            }
            writer.key("height")
            writer.int(height)
            if let poster {
                writer.key("poster")
                writer.object { writer in
                    writer.key("1x")
                    writer.string(poster.x1)
                    writer.key("2x")
                    writer.string(poster.x2)
                    writer.key("3x")
                    writer.string(poster.x3)
                }
            }
            writer.key("width")
            writer.int(width)
        }
    }
}

extension LocalizedName {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("en")
            writer.string(en)
            writer.key("zh")
            writer.string(zh)
        }
    }
}

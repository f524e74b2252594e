import StickerText

/// The documents that list the catalog's stickers for pickers and searches.
extension StickerCatalog {
    /// The body of `GET /api/packs`: what a picker needs to draw its tabs and
    /// grids, with image URLs (under `base`, ending in `/`) ready for `src`
    /// and `srcset`.
    public func packsDocument(base: String = "/") -> [UInt8] {
        var writer = JSONWriter(capacity: 400 * entries.count + 1024)
        writer.object { writer in
            writer.key("packs")
            writer.array(packs) { writer, pack in
                writer.object { writer in
                    writer.key("cover")
                    writer.string(pack.cover)
                    writer.key("id")
                    writer.string(pack.id)
                    writer.key("kind")
                    writer.string(pack.kind.rawValue)
                    writer.key("stickers")
                    writer.array(pack.stickers) { writer, sticker in
                        sticker.write(to: &writer) { writer, image in
                            image.writeURLs(to: &writer, pack: pack.id, base: base)
                        }
                    }
                    writer.key("title")
                    pack.title.write(to: &writer)
                }
            }
        }
        return writer.bytes
    }

    /// The body of `GET /api/stickers` (and of `stickertext search --json`):
    /// `{"stickers": [sticker…]}`, each sticker as the packs document writes it
    /// plus `pack` and `match`.
    public func searchDocument(_ results: [SearchResult], base: String = "/") -> [UInt8] {
        var writer = JSONWriter(capacity: 400 * results.count + 64)
        writer.object { writer in
            writer.key("stickers")
            writer.array(results) { writer, result in
                let pack = packs[result.packIndex]
                pack.stickers[result.stickerIndex].write(to: &writer, found: (result.match, pack.id)) { writer, image in
                    image.writeURLs(to: &writer, pack: pack.id, base: base)
                }
            }
        }
        return writer.bytes
    }
}

import StickerText

/// The documents that list the catalog's stickers for pickers and searches.
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

    /// The body of `GET /api/stickers` (and of `stickertext search --json`):
    /// `{"stickers": [sticker…]}`, each sticker as the packs document writes it
    /// plus `pack` and `match`.
    public func searchDocument(_ results: [SearchResult], base: String = "/") -> [UInt8] {
        var w = JSONWriter(capacity: 400 * results.count + 64)
        w.object { w in
            w.key("stickers")
            w.array(results) { w, result in
                let pack = packs[result.packIndex]
                pack.stickers[result.stickerIndex].write(to: &w, found: (result.match, pack.id)) { w, image in
                    image.writeURLs(to: &w, pack: pack.id, base: base)
                }
            }
        }
        return w.bytes
    }
}

/// The body of `GET /api/stickers` (and of `stickertext search --json`):
/// `{"stickers": [sticker…]}`, each sticker as the packs document writes it
/// plus `pack` and `match`.
extension StickerCatalog {
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

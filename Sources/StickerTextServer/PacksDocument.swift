import StickerText

/// The body of `GET /api/packs` (`StickerCatalog.packsDocument`), built
/// once per catalog, with its ETag.
enum PacksDocument {
    /// The JSON body and a strong ETag over it.
    static func encoded(catalog: StickerCatalog) -> (body: [UInt8], etag: String) {
        let body = catalog.packsDocument()
        return (body, "\"" + hash(body) + "\"")
    }

    /// 16 hex digits of FNV-1a over `bytes`: an ETag's opaque part.
    static func hash(_ bytes: [UInt8]) -> String {
        let hash = bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

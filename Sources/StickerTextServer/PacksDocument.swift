import StickerText

/// The body of `GET /api/packs` (`StickerCatalog.packsDocument`), built
/// once per catalog, with its ETag.
enum PacksDocument {
    /// The JSON body and a strong ETag over it.
    static func encoded(catalog: StickerCatalog) -> (body: [UInt8], etag: String) {
        let body = catalog.packsDocument()
        let hash = body.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return (body, "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\"")
    }
}

import Foundation
import StickerText

/// The body of `GET /api/packs`: everything the picker needs to draw its
/// tabs and grids, with image URLs ready for `src` and `srcset`. Built once
/// per catalog, with its ETag.
struct PacksDocument: Encodable {
    struct Image: Encodable {
        let src: String
        let srcset: String
        let width: Int
        let height: Int
    }

    struct Sticker: Encodable {
        let tag: String?
        let aliases: [String]
        let name: LocalizedName
        let image: Image?
        let emoji: String?
    }

    struct Pack: Encodable {
        let id: String
        let title: LocalizedName
        let kind: PackKind
        let cover: String
        let stickers: [Sticker]
    }

    let packs: [Pack]

    init(catalog: StickerCatalog, base: String = "/") {
        packs = catalog.packs.map { pack in
            Pack(id: pack.id, title: pack.title, kind: pack.kind, cover: pack.cover, stickers: pack.stickers.map { s in
                Sticker(tag: s.tag, aliases: s.aliases, name: s.name, image: s.image.map {
                    let urls = $0.urls(pack: pack.id, base: base)
                    return Image(src: urls.src, srcset: urls.srcset, width: $0.width, height: $0.height)
                }, emoji: s.emoji)
            })
        }
    }

    /// The JSON body and a strong ETag over it.
    static func encoded(catalog: StickerCatalog) -> (body: [UInt8], etag: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = Array(try! encoder.encode(PacksDocument(catalog: catalog)))  // plain value types: cannot fail
        let hash = body.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return (body, "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\"")
    }
}

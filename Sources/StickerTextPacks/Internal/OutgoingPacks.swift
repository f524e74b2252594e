import Foundation
import StickerText

/// The packs of a folder as an export sends them: loaded and checked as the
/// server loads them, the emoji packs left out (their stickers are Unicode
/// text, which every system has already), shortcodes given (`ShortcodeNames`).
struct OutgoingPacks {
    var packs: [StickerPack]
    var emoji: [OutgoingEmoji]
    var notes: [String]

    static func load(_ directory: URL, packIDs: [String], format: PackFormat) throws(CatalogValidationError)
        -> OutgoingPacks
    {
        let catalog = try StickerCatalog.load(directory: directory.path)
        for id in packIDs where !catalog.packs.contains(where: { $0.id == id }) {
            throw problem(
                directory.path, nil,
                "no pack \"\(id)\" here; the packs are \(catalog.packs.map(\.id).joined(separator: ", "))")
        }
        var notes: [String] = []
        var packs = catalog.packs.filter { packIDs.isEmpty || packIDs.contains($0.id) }
        for pack in packs where pack.kind == .emoji {
            notes.append("\(pack.id): left out, an emoji pack (its stickers are Unicode emoji, not pictures)")
        }
        packs.removeAll { $0.kind == .emoji }
        if packs.isEmpty { throw problem(directory.path, nil, "no picture pack to export") }
        if format.holdsOnePack && packs.count > 1 {
            throw problem(
                directory.path, nil,
                "\(format.rawValue) holds one pack: choose one with --pack (\(packs.map(\.id).joined(separator: ", ")))"
            )
        }
        let stickers = packs.flatMap { pack in pack.stickers.map { (pack, $0) } }
        let names = ShortcodeNames.names(for: stickers.map(\.1), ascii: format.wantsASCIINames)
        var emoji: [OutgoingEmoji] = []
        for ((pack, sticker), shortcode) in zip(stickers, names) {
            guard let image = sticker.image else { continue }
            let folder = directory.appendingPathComponent(pack.id, isDirectory: true)
            func read(_ name: String) -> [UInt8] {
                FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map(Array.init) ?? []
            }
            let bytes = read(image.x3)
            guard let sniffed = SniffedImage(bytes) else {
                throw problem(folder.appendingPathComponent(image.x3).path, nil, "is not a PNG, APNG, GIF or WebP file")
            }
            emoji.append(
                OutgoingEmoji(
                    pack: pack, sticker: sticker, shortcode: shortcode, image: bytes, format: sniffed.format,
                    poster: image.poster.map { read($0.x3) }))
        }
        return OutgoingPacks(packs: packs, emoji: emoji, notes: notes)
    }
}

import Foundation
import StickerText
import StickerTextJSON

/// The packs of a folder as an export sends them: loaded and checked as the
/// server loads them, the emoji packs left out (their stickers are Unicode
/// text, which every system has already), shortcodes given by the target's
/// rules (`ShortcodeNames`, `FormatRules`), with a note listing every
/// rename and every picture over the target's size limit.
struct OutgoingPacks {
    var packs: [StickerPack]
    var emoji: [OutgoingEmoji]
    var notes: [String]
    var rules: FormatRules

    static func load(_ directory: URL, packIDs: [String], format: PackFormat) throws(InputError)
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
        let rules = FormatRules(format)
        let stickers = packs.flatMap { pack in pack.stickers.filter { $0.image != nil }.map { (pack, $0) } }
        let (names, renames) = ShortcodeNames.names(for: stickers.map(\.1), rules: rules)
        if !renames.isEmpty {
            notes.append(
                "\(format.rawValue): \(renames.count) codes renamed, the format takes \(rules.summary): "
                    + renames.map { "\($0.code) → \($0.name)" }.joined(separator: ", "))
        }
        var emoji: [OutgoingEmoji] = []
        var fileNames = UniqueNames(caseBlind: true)
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
            var outgoing = OutgoingEmoji(
                pack: pack, sticker: sticker, shortcode: shortcode, image: bytes, format: sniffed.format,
                poster: image.poster.map { read($0.x3) })
            let ext = outgoing.fileExtension
            outgoing.fileName =
                format == .mastodon
                ? "\(shortcode).\(ext)"
                : fileNames.unique("\(shortcode).\(ext)", numbered: { "\(shortcode)_\($0).\(ext)" })
            emoji.append(outgoing)
        }
        // Misskey alone keeps a licence per emoji: elsewhere a sticker's own goes unsaid, never
        // folded into its pack's (which would widen its terms or theirs).
        let ownLicences = emoji.compactMap { item in
            item.sticker.license.map { "\(item.sticker.tag ?? item.shortcode) (\($0))" }
        }
        if format != .misskey && !ownLicences.isEmpty {
            notes.append(
                "\(format.rawValue): licences of single stickers, which it has no room for (the pack's is not widened to them): \(ownLicences.joined(separator: ", "))"
            )
        }
        if let limit = rules.maxImageBytes {
            let over = emoji.filter { $0.image.count >= limit }
            if !over.isEmpty {
                notes.append(
                    "\(format.rawValue): \(over.count) pictures of \(limit / 1024) KB or more, over \(rules.imageLimit), which it will refuse: "
                        + over.map { "\($0.sticker.tag ?? $0.shortcode) (\($0.image.count) bytes)" }.joined(
                            separator: ", "))
            }
        }
        return OutgoingPacks(packs: packs, emoji: emoji, notes: notes, rules: rules)
    }
}

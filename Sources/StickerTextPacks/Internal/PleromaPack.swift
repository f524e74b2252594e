import Foundation
import StickerText

/// A Pleroma emoji pack as its pack API archives it (Akkoma's is the same):
/// a zip of `pack.json` (`files`: shortcode → file path in the pack,
/// `pack`: `license`, `homepage`, `description`, `share-files`…) and the
/// pictures. One pack, named after the zip. Holds: the shortcode (ASCII,
/// as Mastodon federates it), the picture, and the pack's licence, homepage
/// and description (our title). Not: aliases, names, posters.
enum PleromaPack {
    struct Pack: Codable {
        var files: [String: Attempt<String>]
        var pack: Info?
        var filesCount: Int?

        enum CodingKeys: String, CodingKey {
            case files, pack
            case filesCount = "files_count"
        }
    }

    struct Info: Codable {
        var license: String?
        var homepage: String?
        var description: String?
        var shareFiles: Bool?

        enum CodingKeys: String, CodingKey {
            case license, homepage, description
            case shareFiles = "share-files"
        }
    }

    static func read(_ archive: ArchiveFiles, request: PackAssembly.Request) throws(CatalogValidationError)
        -> PackImport
    {
        let file = "\(archive.label): pack.json"
        guard let bytes = archive.bytes(at: "pack.json") else {
            throw problem(archive.label, nil, "no pack.json: not a Pleroma emoji pack")
        }
        let pack = try FormatJSON.decode(Pack.self, from: bytes, file: file)
        // A JSON object has no order: the stickers follow their shortcodes.
        let (files, unreadable) = FormatJSON.split(pack.files.keys.sorted().map { ($0, pack.files[$0]!) }, file: file)
        let emoji = files.map { shortcode, path in
            ForeignEmoji(shortcode: shortcode, image: path, entry: "files.\(shortcode)")
        }
        var request = request
        request.file = file
        request.info = ForeignPackInfo(
            title: pack.pack?.description.flatMap { $0.isEmpty ? nil : $0 },
            license: pack.pack?.license, homepage: pack.pack?.homepage)
        return try PackAssembly.packs(emoji, unreadable: unreadable, from: archive, request: request)
    }

    static func write(_ packs: OutgoingPacks, to output: URL) throws(CatalogValidationError) -> PackExport {
        let pack = packs.packs[0]
        var files: [(path: String, bytes: [UInt8])] = []
        var map: [String: String] = [:]
        for emoji in packs.emoji {
            files.append((emoji.fileName, emoji.image))
            map[emoji.shortcode] = emoji.fileName
        }
        let json = Pack(
            files: map.mapValues(Attempt.init),
            pack: Info(license: pack.license, homepage: pack.homepage, description: pack.title.zh, shareFiles: true),
            filesCount: map.count)
        try ZipArchive.write([("pack.json", FormatJSON.encode(json))] + files, to: output)
        return PackExport(
            written: [output.path],
            notes: [
                "pleroma: the description is the pack's Chinese title; aliases, sticker names and posters have no place"
            ])
    }
}

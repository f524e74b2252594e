import Foundation
import StickerText

/// Misskey's custom emoji export (Control panel → Custom emoji → Export),
/// which its import reads back: a zip of `meta.json` (`metaVersion` 2, which
/// Misskey's import never reads, so a file without it is taken,
/// `host`, `exportedAt`, `emojis[]` of `{fileName, downloaded, emoji}`, the
/// emoji being Misskey's whole record: `name`, `category`, `aliases`,
/// `license` among others) and the pictures by `fileName`. Misskey's import
/// skips the entries whose picture was not `downloaded`, and so does this.
/// Holds: the ASCII name, aliases (our other codes, else search keywords,
/// and back), category (a pack each; our title's Chinese), licence (each
/// emoji's; the pack's where they share one). Not: sticker names, posters,
/// `unlisted` (Misskey has no hidden emoji).
enum MisskeyExport {
    struct Meta: Codable {
        var metaVersion: Int?
        var host: String?
        var exportedAt: String?
        var emojis: [Attempt<Entry>]
    }

    struct Entry: Codable {
        var fileName: String
        /// Misskey's import skips an entry whose `downloaded` is not true.
        var downloaded: Bool?
        var emoji: Emoji
    }

    struct Emoji: Codable {
        var name: String
        var category: String?
        var aliases: [String]?
        var license: String?
    }

    static func read(_ archive: ArchiveFiles, request: PackAssembly.Request) throws(InputError)
        -> PackImport
    {
        let file = "\(archive.label): meta.json"
        let bytes: [UInt8]
        switch archive.file(at: "meta.json") {
        case .found(let found): bytes = found
        case .refused(let why): throw problem(archive.label, "meta.json", why)
        case .missing: throw problem(archive.label, nil, "no meta.json: not a Misskey emoji export")
        }
        let meta = try FormatJSON.decode(Meta.self, from: bytes, file: file)
        var notes: [String] = []
        if let version = meta.metaVersion, version != 2 {
            notes.append(
                "meta.json: metaVersion is \(version), read as Misskey's version 2 (its import never reads the field)")
        }
        let (entries, unreadable) = FormatJSON.split(
            meta.emojis.enumerated().map { ($0.offset, $0.element) }, file: file)
        var skipped: [String] = []
        var emoji: [ForeignEmoji] = []
        for (index, entry) in entries {
            guard entry.downloaded == true else {
                skipped.append(entry.emoji.name)
                continue
            }
            let aliases = (entry.emoji.aliases ?? []).filter { !$0.isEmpty }
            emoji.append(
                ForeignEmoji(
                    shortcode: entry.emoji.name, aliases: aliases, name: aliases.first,
                    category: entry.emoji.category.flatMap { $0.isEmpty ? nil : $0 },
                    license: entry.emoji.license, image: entry.fileName,
                    entry: "emojis[\(index)] :\(entry.emoji.name):"))
        }
        var request = request
        request.file = file
        var result = try PackAssembly.packs(emoji, unreadable: unreadable, from: archive, request: request)
        result.notes = notes + result.notes
        result.note("skipped as Misskey does, their pictures not downloaded", listing: skipped)
        result.passedOver = skipped.count
        return result
    }

    static func write(_ packs: OutgoingPacks, to output: URL, host: String) throws(InputError) -> PackExport {
        var entries: [Attempt<Entry>] = []
        var files: [(path: String, bytes: [UInt8])] = []
        for emoji in packs.emoji {
            files.append((emoji.fileName, emoji.image))
            // The Chinese code first: it is the sticker's name where the format has none (`PackAssembly`).
            // Then the search keywords: Misskey's aliases are what its picker searches by (an alias two
            // emoji shared came in as the second's keyword, and goes back as its alias).
            var aliases = emoji.otherCodes
            for keyword in emoji.sticker.keywords where !aliases.contains(keyword) && keyword != emoji.shortcode {
                aliases.append(keyword)
            }
            entries.append(
                Attempt(
                    Entry(
                        fileName: emoji.fileName, downloaded: true,
                        emoji: Emoji(
                            name: emoji.shortcode, category: emoji.pack.title.zh, aliases: aliases,
                            license: emoji.sticker.license ?? emoji.pack.license))))
        }
        let meta = Meta(
            metaVersion: 2, host: host, exportedAt: ISO8601DateFormatter().string(from: Date()), emojis: entries)
        try ZipArchive.write([("meta.json", FormatJSON.encode(meta))] + files, to: output)
        return PackExport(
            written: [output.path],
            notes: [
                "misskey: a category per pack (its Chinese title); sticker names, English titles and posters have no place"
            ])
    }
}

import Foundation
import StickerText

/// A Pleroma (or Akkoma) emoji pack, as its pack API archives it and as its
/// `STATIC-DIR/emoji/<pack>/` folder holds it, read as Pleroma's
/// `Emoji.Loader` reads that folder:
/// - `pack.json` (`files`: shortcode → file path in the pack, `pack`:
///   `license`, `homepage`, `description`, `share-files`…) and the pictures,
///   in a zip or a folder;
/// - else `emoji.txt`, one emoji a line, `shortcode, /emoji/<pack>/file.png,
///   tag, tag…` (split at each comma and the spaces after it; a line without
///   a shortcode and a file passed over), its tags less Pleroma's default
///   `Custom` a category, as Pleroma's Mastodon API gives them (each a pack);
///   read also alone (`config/emoji.txt`, paths below the static folder);
/// - else every `.png` and `.gif` file below the folder (Pleroma's default
///   `pack_extensions`, in that case), named by its file name.
/// One pack (or one per category), named after the zip or folder. Holds: the
/// shortcode (ASCII, as Mastodon federates it), the picture, and the pack's
/// licence, homepage and description (our title). Not: aliases, names,
/// posters. An export writes a zip, or a folder (pack.json, which Pleroma
/// reads first) when `--out` does not end in `.zip`.
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

    /// A pack whose `pack.json` is in `source` (a zip's files, or its folder), `label` naming it.
    static func read(_ source: any FileSource, label: String, request: PackAssembly.Request)
        throws(InputError) -> PackImport
    {
        let file = "\(label)pack.json"
        let bytes: [UInt8]
        switch try source.file(at: "pack.json") {
        case .found(let found): bytes = found
        case .refused(let why): throw problem(label, "pack.json", why)
        case .missing: throw problem(label, nil, "no pack.json: not a Pleroma emoji pack")
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
        return try PackAssembly.packs(emoji, unreadable: unreadable, from: source, request: request)
    }

    /// A pack folder as Pleroma loads it: its pack.json, else its emoji.txt, else its pictures.
    static func readFolder(_ folder: FolderFiles, name: String, request: PackAssembly.Request)
        throws(InputError) -> PackImport
    {
        if case .found = try folder.file(at: "pack.json") {
            return try read(folder, label: folder.label, request: request)
        }
        if case .found(let bytes) = try folder.file(at: "emoji.txt") {
            return try readEmojiText(
                ("\(folder.label)emoji.txt", bytes), images: folder, packFolder: name, request: request)
        }
        let (files, others) = try folder.allFiles()
        var emoji: [ForeignEmoji] = []
        var passed = others
        for path in files {
            let file = path.split(separator: "/").last.map(String.init) ?? path
            // Elixir's Path.extname and Path.rootname: the last dot's, as written (.PNG is not .png).
            guard let dot = file.lastIndex(of: "."), dot != file.startIndex, [".png", ".gif"].contains(file[dot...])
            else {
                passed.append(path)
                continue
            }
            emoji.append(ForeignEmoji(shortcode: String(file[..<dot]), image: path, entry: path))
        }
        var request = request
        request.file = folder.label
        var result = try PackAssembly.packs(emoji, from: folder, request: request)
        result.note(
            "passed over as Pleroma passes them (no pack.json or emoji.txt: only .png and .gif files, its default pack_extensions, are emoji)",
            listing: passed)
        return result
    }

    /// `emoji.txt`'s lines. Its paths are URLs' paths below Pleroma's static
    /// folder (`/emoji/custom/happy.png`): read in `images` as its pack
    /// folder (`/emoji/<packFolder>/` is the folder, a path elsewhere is that
    /// line's problem), or, with `packFolder` nil, as the static folder.
    static func readEmojiText(
        _ document: (name: String, bytes: [UInt8]), images: FolderFiles, packFolder: String?,
        request: PackAssembly.Request
    ) throws(InputError) -> PackImport {
        guard let text = String(validating: document.bytes, as: UTF8.self) else {
            throw problem(document.name, nil, "is not UTF-8 text")
        }
        let root = packFolder.map { "/emoji/\($0)/" } ?? "/"
        var emoji: [ForeignEmoji] = []
        var unreadable: [StickerPack.Issue] = []
        var passed: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            let fields = splitAtCommas(line)
            guard fields.count >= 2 else {
                if !line.isEmpty { passed.append(String(index + 1)) }
                continue
            }
            let entry = "line \(index + 1) :\(fields[0]):"
            var path = fields[1]
            if path.hasPrefix(root) {
                path.removeFirst(root.count)
            } else if path.hasPrefix("/") {
                unreadable.append(
                    .init(
                        file: document.name, entry: entry,
                        message:
                            "\"\(fields[1])\" is not in this pack's folder (\(root), as Pleroma serves it); to read the files of other folders, give the instance's static folder as --images"
                    ))
                continue
            }
            // Pleroma's Mastodon API: the category is the tags less its default group, joined by commas.
            let category = fields.count > 2 ? fields[2...].filter { $0 != "Custom" }.joined(separator: ",") : ""
            emoji.append(
                ForeignEmoji(
                    shortcode: fields[0], category: category.isEmpty ? nil : category, image: path, entry: entry))
        }
        var request = request
        request.file = document.name
        var result = try PackAssembly.packs(emoji, unreadable: unreadable, from: images, request: request)
        result.note("lines passed over as Pleroma passes them (not a shortcode and a file)", listing: passed)
        return result
    }

    /// A line split as Elixir's `String.split(line, ~r/,\s*/)`: at each
    /// comma, the white space after it going with it.
    private static func splitAtCommas(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var afterComma = false
        for character in line {
            if character == "," {
                fields.append(field)
                field = ""
                afterComma = true
            } else if afterComma && character.isWhitespace {
                continue
            } else {
                afterComma = false
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }

    /// A zip, or a pack folder when `output` does not end in `.zip` (a new
    /// or empty folder: a pack is written whole, never into another's files).
    static func write(_ packs: OutgoingPacks, to output: URL) throws(InputError) -> PackExport {
        let pack = packs.packs[0]
        var files: [(path: String, bytes: [UInt8])] = []
        var map: [String: String] = [:]
        for emoji in packs.emoji {
            files.append((emoji.fileName, emoji.image))
            map[emoji.shortcode] = emoji.fileName
        }
        let json = FormatJSON.encode(
            Pack(
                files: map.mapValues(Attempt.init),
                pack: Info(
                    license: pack.license, homepage: pack.homepage, description: pack.title.zh, shareFiles: true),
                filesCount: map.count))
        let notes = [
            "pleroma: the description is the pack's Chinese title; aliases, sticker names and posters have no place"
        ]
        if output.pathExtension.lowercased() == "zip" {
            try ZipArchive.write([("pack.json", json)] + files, to: output)
            return PackExport(written: [output.path], notes: notes)
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        if !present.isEmpty {
            throw problem(
                output.path, nil,
                "is a folder with files in it: a pack folder is written whole, into a new or empty folder (or name a .zip)"
            )
        }
        let written = try DocumentWriter.write(
            json, to: output.appendingPathComponent("pack.json"), files: files, folder: output)
        return PackExport(written: written, notes: notes)
    }
}

import Foundation
import StickerText

/// Slack's `emoji.list` answer: `{"ok": true, "emoji": {name: URL, or
/// "alias:other" for a second name of another emoji}}`, with the pictures
/// the URLs name saved in a folder (as for Mastodon's: `URLFiles`). An alias
/// becomes a code of the sticker it names; one naming a standard emoji (not
/// in the list) is passed over. Holds: the name (ASCII), the picture,
/// aliases that are ASCII names. Not: titles, sticker names, licences,
/// posters, Chinese aliases.
enum SlackEmojiList {
    struct Answer: Codable {
        var ok: Bool
        var emoji: [String: String]
    }

    static func read(_ document: (name: String, bytes: [UInt8]), images: FolderFiles, request: PackAssembly.Request)
        throws(CatalogValidationError) -> PackImport
    {
        let answer = try FormatJSON.decode(Answer.self, from: document.bytes, file: document.name)
        if !answer.ok { throw problem(document.name, "ok", "is false: an error answer, not a list of emoji") }
        var aliases: [String: [String]] = [:]
        var passed: [String] = []
        for name in answer.emoji.keys.sorted() {
            guard let value = answer.emoji[name], value.hasPrefix("alias:") else { continue }
            let target = String(value.dropFirst("alias:".count))
            if let url = answer.emoji[target], !url.hasPrefix("alias:") {
                aliases[target, default: []].append(name)
            } else {
                passed.append(name)
            }
        }
        // A JSON object has no order: the stickers follow their names.
        let emoji = answer.emoji.keys.sorted().compactMap { name -> ForeignEmoji? in
            guard let url = answer.emoji[name], !url.hasPrefix("alias:") else { return nil }
            return ForeignEmoji(shortcode: name, aliases: aliases[name] ?? [], image: url, entry: "emoji.\(name)")
        }
        var request = request
        request.file = document.name
        var result = try PackAssembly.packs(emoji, from: URLFiles(folder: images), request: request)
        if !passed.isEmpty {
            result.notes.append(
                "aliases of emoji not in the list (Slack's standard emoji) passed over: \(passed.joined(separator: ", "))"
            )
        }
        return result
    }

    static func write(_ packs: OutgoingPacks, to output: URL, images: URL, host: String) throws(CatalogValidationError)
        -> PackExport
    {
        var map: [String: String] = [:]
        var files: [(path: String, bytes: [UInt8])] = []
        for emoji in packs.emoji {
            let path = "emoji/\(emoji.fileName)"
            files.append((path, emoji.image))
            map[emoji.shortcode] = "https://\(host)/\(path)"
        }
        // Our ASCII codes as Slack aliases, where the name is free.
        for emoji in packs.emoji {
            for code in emoji.otherCodes where ShortcodeNames.isASCIIName(code) && map[code.lowercased()] == nil {
                map[code.lowercased()] = "alias:\(emoji.shortcode)"
            }
        }
        let written = try DocumentWriter.write(
            FormatJSON.encode(Answer(ok: true, emoji: map)), to: output, files: files, folder: images)
        return PackExport(
            written: written,
            notes: ["slack: ASCII codes only (Chinese codes, names, titles, licences and posters have no place)"])
    }
}

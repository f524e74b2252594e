import Foundation
import StickerText

/// Slack's `emoji.list` answer: `{"ok": true, "emoji": {name: URL, or
/// "alias:other" for a second name of another emoji}}`, with the pictures
/// the URLs name saved in a folder (as for Mastodon's: `URLFiles`). An alias
/// becomes a code of the emoji it names, followed through other aliases
/// (`a` → `alias:b` → `alias:c`); one that ends at a standard emoji (a name
/// not in the list, Slack's own) or goes round is passed over, with a note
/// saying which. Holds: the name (ASCII), the picture,
/// aliases that are ASCII names. Not: titles, sticker names, licences,
/// posters, Chinese aliases.
enum SlackEmojiList {
    struct Answer: Codable {
        var ok: Bool
        var emoji: [String: Attempt<String>]
    }

    static func read(_ document: (name: String, bytes: [UInt8]), images: PictureSource, request: PackAssembly.Request)
        throws(CatalogValidationError) -> PackImport
    {
        let answer = try FormatJSON.decode(Answer.self, from: document.bytes, file: document.name)
        if !answer.ok { throw problem(document.name, "ok", "is false: an error answer, not a list of emoji") }
        // A JSON object has no order: the stickers follow their names.
        let (entries, unreadable) = FormatJSON.split(
            answer.emoji.keys.sorted().map { ($0, answer.emoji[$0]!) }, file: document.name)
        let values = Dictionary(uniqueKeysWithValues: entries)
        var aliases: [String: [String]] = [:]
        var chained: [String] = []
        var standard: [String] = []
        var loops: [String] = []
        for (name, value) in entries where value.hasPrefix("alias:") {
            // Followed at most once through each entry: a loop ends there.
            var path = [name]
            var target = String(value.dropFirst("alias:".count))
            while let next = values[target], next.hasPrefix("alias:"), !path.contains(target) {
                path.append(target)
                target = String(next.dropFirst("alias:".count))
            }
            if path.contains(target) {
                loops.append((path + [target]).joined(separator: " → "))
            } else if values[target] == nil {
                standard.append(path.count > 1 ? (path + [target]).joined(separator: " → ") : "\(name) → \(target)")
            } else {
                aliases[target, default: []].append(name)
                if path.count > 1 { chained.append((path + [target]).joined(separator: " → ")) }
            }
        }
        let emoji = entries.compactMap { name, url -> ForeignEmoji? in
            url.hasPrefix("alias:")
                ? nil : ForeignEmoji(shortcode: name, aliases: aliases[name] ?? [], image: url, entry: "emoji.\(name)")
        }
        var request = request
        request.file = document.name
        let source = images.files(for: emoji.map(\.image))
        var result = try PackAssembly.packs(emoji, unreadable: unreadable, from: source, request: request)
        if !chained.isEmpty {
            result.notes.append(
                "aliases of aliases followed to the emoji they end at: \(chained.joined(separator: ", "))")
        }
        if !standard.isEmpty {
            result.notes.append(
                "aliases of Slack's standard emoji (not in the list, so not custom) passed over: \(standard.joined(separator: ", "))"
            )
        }
        if !loops.isEmpty {
            result.notes.append("aliases that go round passed over: \(loops.joined(separator: ", "))")
        }
        return result
    }

    static func write(_ packs: OutgoingPacks, to output: URL, images: URL, host: String) throws(CatalogValidationError)
        -> PackExport
    {
        var map: [String: Attempt<String>] = [:]
        var files: [(path: String, bytes: [UInt8])] = []
        for emoji in packs.emoji {
            let path = "emoji/\(emoji.fileName)"
            files.append((path, emoji.image))
            map[emoji.shortcode] = Attempt("https://\(host)/\(path)")
        }
        // Our ASCII codes as Slack aliases, where the name is free and not one of Slack's own.
        var standard: [String] = []
        var taken: [String] = []
        for emoji in packs.emoji {
            for code in emoji.otherCodes where ShortcodeNames.isASCIIName(code) {
                let name = code.lowercased()
                if packs.rules.reserved.contains(name) {
                    standard.append(name)
                } else if map[name] != nil || name.count > packs.rules.maxLength {
                    if name != emoji.shortcode { taken.append("\(code) (of \(emoji.shortcode))") }
                } else {
                    map[name] = Attempt("alias:\(emoji.shortcode)")
                }
            }
        }
        var notes = ["slack: ASCII codes only (Chinese codes, names, titles, licences and posters have no place)"]
        if !standard.isEmpty {
            notes.append(
                "slack: aliases left out, Slack's own standard emoji have these names: \(standard.joined(separator: ", "))"
            )
        }
        if !taken.isEmpty {
            notes.append("slack: aliases left out, another emoji has the name: \(taken.joined(separator: ", "))")
        }
        let written = try DocumentWriter.write(
            FormatJSON.encode(Answer(ok: true, emoji: map)), to: output, files: files, folder: images)
        return PackExport(written: written, notes: notes)
    }
}

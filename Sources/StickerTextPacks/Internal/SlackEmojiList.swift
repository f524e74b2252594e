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
        throws(InputError) -> PackImport
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
        var ends: [String: AliasEnd] = [:]
        for (name, value) in entries where value.hasPrefix("alias:") {
            let next = String(value.dropFirst("alias:".count))
            let (end, path) = aliasEnd(of: name, in: values, known: &ends)
            // The way it goes, as far as this walk saw it (a walk stops at an alias already followed).
            let way = ([name, next] + path.dropFirst(2)).joined(separator: " → ")
            switch end {
            case .emoji(let target):
                aliases[target, default: []].append(name)
                if next != target { chained.append(path.last == target ? way : "\(way) → … → \(target)") }
            case .standard(let target):
                standard.append(path.last == target ? way : "\(way) → … → \(target)")
            case .loop:
                loops.append(path.count > 2 ? way : "\(way) → …")
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
        result.note("aliases of aliases followed to the emoji they end at", listing: chained)
        result.note("aliases of Slack's standard emoji (not in the list, so not custom) passed over", listing: standard)
        result.note("aliases that go round passed over", listing: loops)
        return result
    }

    /// Where an alias ends: at a custom emoji, at a name not in the list (one of Slack's own), or nowhere.
    enum AliasEnd {
        case emoji(String)
        case standard(String)
        case loop
    }

    /// Where the alias `name` ends, followed through other aliases, and the
    /// names this walk went through (the last the one it ended at, or the
    /// first met twice). Each name's end is remembered in `known`: every
    /// alias is walked once, whatever the chains, so a list of a hundred
    /// thousand aliases in one chain costs a hundred thousand steps.
    static func aliasEnd(of name: String, in values: [String: String], known: inout [String: AliasEnd]) -> (
        AliasEnd, [String]
    ) {
        var path: [String] = []
        var onPath: Set<String> = []
        var current = name
        let end: AliasEnd
        while true {
            if let remembered = known[current] {
                end = remembered
                path.append(current)
                break
            }
            guard let value = values[current] else {
                end = .standard(current)
                path.append(current)
                break
            }
            guard value.hasPrefix("alias:") else {
                end = .emoji(current)
                path.append(current)
                break
            }
            if !onPath.insert(current).inserted {
                end = .loop
                path.append(current)
                break
            }
            path.append(current)
            current = String(value.dropFirst("alias:".count))
        }
        for step in path where values[step]?.hasPrefix("alias:") == true { known[step] = end }
        return (end, path)
    }

    static func write(_ packs: OutgoingPacks, to output: URL, images: URL, host: String) throws(InputError)
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

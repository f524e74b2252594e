import Foundation
import StickerText

/// A Discord server's custom emoji and stickers as Discord's API gives them:
/// `GET /guilds/{id}/emojis` (an array of emoji: `id`, `name`, `animated`,
/// `available`…), `GET /guilds/{id}/stickers` (an array of stickers: `id`,
/// `name`, `description`, `tags`, `format_type` 1 PNG, 2 APNG, 3 LOTTIE,
/// 4 GIF…), `GET /guilds/{id}` (the server: `name`, `emojis`, `stickers`),
/// or a sticker pack (`GET /sticker-packs/{id}`: `name`, `stickers`,
/// `cover_sticker_id`). Discord has no export: the pictures are saved from
/// its CDN, each named by its id as the CDN names it
/// (`cdn.discordapp.com/emojis/<id>.gif`, `…/stickers/<id>.png`), in the
/// folder beside the document or below it as `wget -x -nH` keeps them
/// (`emojis/<id>.png`). Holds: the name (a code; a name Discord has twice,
/// as a server may, is told apart as Discord's client does, `blob~1`), the
/// picture, a sticker's tags (search keywords), the server's or pack's name
/// (the title), a sticker pack's cover. Not: roles, `require_colons`,
/// descriptions. A LOTTIE sticker (a vector animation) is named, to be
/// converted to an APNG or GIF first and saved under its id. Read only:
/// Discord takes emoji one by one through its API or its settings, not a file.
enum DiscordEmoji {
    struct Emoji: Decodable {
        var id: String?
        var name: String?
        var animated: Bool?
        var available: Bool?
    }

    struct Sticker: Decodable {
        var id: String
        var name: String
        var tags: String?
        var formatType: Int
        var available: Bool?

        enum CodingKeys: String, CodingKey {
            case id, name, tags, available
            case formatType = "format_type"
        }
    }

    /// One entry of a bare array: a sticker has a `format_type`, an emoji not.
    enum Entry: Decodable {
        case emoji(Emoji)
        case sticker(Sticker)

        private enum Probe: String, CodingKey { case formatType = "format_type" }

        init(from decoder: any Decoder) throws {
            let probe = try decoder.container(keyedBy: Probe.self)
            self = probe.contains(.formatType) ? .sticker(try Sticker(from: decoder)) : .emoji(try Emoji(from: decoder))
        }
    }

    /// A server or a sticker pack.
    struct Holder: Decodable {
        var name: String?
        var emojis: [Attempt<Emoji>]?
        var stickers: [Attempt<Sticker>]?
        var coverStickerID: String?

        enum CodingKeys: String, CodingKey {
            case name, emojis, stickers
            case coverStickerID = "cover_sticker_id"
        }
    }

    static func read(_ document: (name: String, bytes: [UInt8]), images: FolderFiles, request: PackAssembly.Request)
        throws(InputError) -> PackImport
    {
        let file = document.name
        // (entry, emoji) and (entry, sticker) in the document's order, and what could not be read.
        var emojis: [(String, Emoji)] = []
        var stickers: [(String, Sticker)] = []
        var unreadable: [StickerPack.Issue] = []
        var holder: Holder?
        if document.bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") {
            let list = try FormatJSON.decode([Attempt<Entry>].self, from: document.bytes, file: file)
            let (entries, issues) = FormatJSON.split(list.enumerated().map { ($0.offset, $0.element) }, file: file)
            unreadable = issues
            for (index, entry) in entries {
                switch entry {
                case .emoji(let emoji): emojis.append(("[\(index)]", emoji))
                case .sticker(let sticker): stickers.append(("[\(index)]", sticker))
                }
            }
        } else {
            let read = try FormatJSON.decode(Holder.self, from: document.bytes, file: file)
            let (e, emojiIssues) = FormatJSON.split(
                (read.emojis ?? []).enumerated().map { ("emojis[\($0.offset)]", $0.element) }, file: file)
            let (s, stickerIssues) = FormatJSON.split(
                (read.stickers ?? []).enumerated().map { ("stickers[\($0.offset)]", $0.element) }, file: file)
            (emojis, stickers, unreadable, holder) = (e, s, emojiIssues + stickerIssues, read)
        }
        if emojis.isEmpty && stickers.isEmpty && unreadable.isEmpty {
            throw problem(
                file, nil, "no emoji or stickers: not a Discord emoji list, sticker list, server or sticker pack")
        }
        // Names given twice are told apart as Discord's client does: the second `blob` is `blob~1`.
        var names = UniqueNames()
        var twice: [String] = []
        func code(_ name: String) -> String {
            let unique = names.unique(name, numbered: { "\(name)~\($0 - 1)" })
            if unique != name { twice.append(unique) }
            return unique
        }
        var foreign: [ForeignEmoji] = []
        var files = StemFiles(folder: images)
        var unavailable: [String] = []
        var animatedEmoji: [String] = []
        for (entry, emoji) in emojis {
            guard let id = emoji.id, let name = emoji.name else {
                unreadable.append(
                    .init(
                        file: file, entry: entry,
                        message: "has no id and name: a Unicode emoji, not a custom one with a picture to import"))
                continue
            }
            let shortcode = code(name)
            // An animated emoji's GIF (or WebP) first: the CDN's .png of one is its first frame.
            let kinds = emoji.animated == true ? ["gif", "webp"] : []
            files.stems[id] = kinds.map { "\(id).\($0)" } + kinds.map { "emojis/\(id).\($0)" } + [id, "emojis/\(id)"]
            if emoji.available == false { unavailable.append(shortcode) }
            if emoji.animated == true { animatedEmoji.append(shortcode) }
            foreign.append(ForeignEmoji(shortcode: shortcode, image: id, entry: "\(entry) :\(name):"))
        }
        for (entry, sticker) in stickers {
            let shortcode = code(sticker.name)
            files.stems[sticker.id] = [sticker.id, "stickers/\(sticker.id)"]
            if sticker.available == false { unavailable.append(shortcode) }
            let tags = (sticker.tags ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            foreign.append(
                ForeignEmoji(
                    shortcode: shortcode, keywords: tags.filter { !$0.isEmpty },
                    // With emoji beside them, the stickers are a pack of their own.
                    category: emojis.isEmpty ? nil : "stickers", image: sticker.id, entry: "\(entry) \(sticker.name)",
                    unconvertible: sticker.formatType == 3 ? .lottie : nil))
        }
        var request = request
        request.file = file
        if let name = holder?.name, !name.isEmpty {
            request.info.title = name
            if request.idFromFileName, !PackAssembly.slug(name).isEmpty {
                request.id = String(PackAssembly.slug(name).prefix(64))
            }
        }
        if let cover = holder?.coverStickerID { request.info.coverImages.insert(cover) }
        var result = try PackAssembly.packs(foreign, unreadable: unreadable, from: files, request: request)
        result.note("names Discord has twice, told apart as its client tells them", listing: twice)
        result.note(
            "imported though Discord has them unavailable (a server that lost its boosts)", listing: unavailable)
        let animatedTags = Set(animatedEmoji.map(request.tag))
        let stills = result.packs.flatMap(\.pack.stickers).filter { sticker in
            !(sticker.image?.isAnimated ?? true) && animatedTags.contains(sticker.tag ?? "")
        }
        result.note(
            "animated in Discord, but their pictures here are stills (save the CDN's .gif, not its .png)",
            listing: stills.compactMap(\.tag))
        return result
    }
}

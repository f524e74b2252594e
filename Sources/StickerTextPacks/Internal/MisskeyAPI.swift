import Foundation
import StickerText

/// Misskey's `GET /api/emojis`: `{"emojis": [{name, aliases, category, url,
/// …}]}` (Misskey 13 and later; a bare array, as older versions' `meta`
/// gave it, is read too), with the pictures the URLs name saved in a folder
/// (`URLFiles`) or fetched from the instance (`WebFiles`). Holds: the
/// name, aliases (our other codes, else search keywords, as the export's),
/// category (a pack each). Not: licences (the list has none; Misskey's
/// export zip does), sticker names, posters. Read only: an export goes to
/// Misskey's import as its zip (`misskey`).
enum MisskeyAPI {
    struct List: Decodable {
        var emojis: [Attempt<Emoji>]

        init(from decoder: any Decoder) throws {
            if let array = try? decoder.singleValueContainer().decode([Attempt<Emoji>].self) {
                emojis = array
            } else {
                emojis = try decoder.container(keyedBy: CodingKeys.self).decode(
                    [Attempt<Emoji>].self, forKey: .emojis)
            }
        }

        enum CodingKeys: String, CodingKey { case emojis }
    }

    struct Emoji: Decodable {
        var name: String
        var aliases: [String]?
        var category: String?
        var url: String
    }

    static func read(_ document: (name: String, bytes: [UInt8]), images: PictureSource, request: PackAssembly.Request)
        throws(InputError) -> PackImport
    {
        let list = try FormatJSON.decode(List.self, from: document.bytes, file: document.name)
        let (items, unreadable) = FormatJSON.split(
            list.emojis.enumerated().map { ($0.offset, $0.element) }, file: document.name)
        let emoji = items.map { index, item in
            let aliases = (item.aliases ?? []).filter { !$0.isEmpty }
            return ForeignEmoji(
                shortcode: item.name, aliases: aliases, name: aliases.first,
                category: item.category.flatMap { $0.isEmpty ? nil : $0 }, image: item.url,
                entry: "emojis[\(index)] :\(item.name):")
        }
        var request = request
        request.file = document.name
        return try PackAssembly.packs(
            emoji, unreadable: unreadable, from: images.files(for: emoji.map(\.image)), request: request)
    }
}

import Foundation
import StickerText

/// Mastodon's `GET /api/v1/custom_emojis`: an array of CustomEmoji
/// (`shortcode`, `url`, `static_url`, `visible_in_picker`, `category`), with
/// the pictures the URLs name saved in a folder. Each URL is looked for at
/// its path (without the host) in the folder, as `wget -x -nH` saves it, and
/// else by its last part. Holds: shortcode, picture, still, category (a pack
/// each), `visible_in_picker` (`Sticker.unlisted`). Not: names, aliases, licence.
enum MastodonAPI {
    struct CustomEmoji: Codable {
        var shortcode: String
        var url: String
        var staticURL: String
        var visibleInPicker: Bool
        var category: String?

        enum CodingKeys: String, CodingKey {
            case shortcode, url, category
            case staticURL = "static_url"
            case visibleInPicker = "visible_in_picker"
        }
    }

    static func read(_ document: (name: String, bytes: [UInt8]), images: PictureSource, request: PackAssembly.Request)
        throws(InputError) -> PackImport
    {
        let list = try FormatJSON.decode([Attempt<CustomEmoji>].self, from: document.bytes, file: document.name)
        let (items, unreadable) = FormatJSON.split(
            list.enumerated().map { ($0.offset, $0.element) }, file: document.name)
        var hidden: [String] = []
        let emoji = items.map { index, item in
            if !item.visibleInPicker { hidden.append(item.shortcode) }
            var emoji = ForeignEmoji(
                shortcode: item.shortcode, category: item.category, image: item.url,
                still: item.staticURL == item.url ? nil : item.staticURL, entry: "[\(index)] :\(item.shortcode):")
            emoji.unlisted = !item.visibleInPicker
            return emoji
        }
        var request = request
        request.file = document.name
        let source = images.files(for: items.flatMap { [$0.1.url, $0.1.staticURL] })
        var result = try PackAssembly.packs(emoji, unreadable: unreadable, from: source, request: request)
        result.note(
            "unlisted, as Mastodon's picker leaves them out (kept in pack.json, carried back to Mastodon; the page's panel shows them)",
            listing: hidden)
        return result
    }

    static func write(_ packs: OutgoingPacks, to output: URL, images: URL, host: String) throws(InputError)
        -> PackExport
    {
        var list: [CustomEmoji] = []
        var files: [(path: String, bytes: [UInt8])] = []
        for emoji in packs.emoji {
            let path = "emoji/\(emoji.fileName)"
            files.append((path, emoji.image))
            var still = path
            if let poster = emoji.poster, let format = SniffedImage(poster)?.format {
                let stem = emoji.fileName.dropLast(emoji.fileExtension.count + 1)
                still = "emoji/\(stem)-static.\(format == .gif ? "gif" : format == .webp ? "webp" : "png")"
                files.append((still, poster))
            }
            list.append(
                CustomEmoji(
                    shortcode: emoji.shortcode, url: "https://\(host)/\(path)", staticURL: "https://\(host)/\(still)",
                    visibleInPicker: !emoji.sticker.unlisted, category: emoji.pack.title.zh))
        }
        let written = try DocumentWriter.write(FormatJSON.encode(list), to: output, files: files, folder: images)
        return PackExport(
            written: written,
            notes: [
                "mastodon-api: a category per pack (its Chinese title); sticker names, aliases and licences have no place"
            ])
    }
}

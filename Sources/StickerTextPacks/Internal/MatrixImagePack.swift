import Foundation
import StickerText

/// A Matrix image pack (MSC2545): the content of an `m.image_pack` (or
/// `im.ponies.room_emotes`) event, `images` (shortcode → `{url, body, info,
/// usage}`) and `pack` (`display_name`, `avatar_url`, `usage`,
/// `attribution`), with the pictures in a folder named by the media id of
/// each `mxc://server/media-id` URL (with or without an extension). A
/// shortcode may be any text without `:`, `/` or space, so `笑哭` stays
/// itself. Holds: the code, the picture, `body` (the sticker's Chinese
/// name), the pack's name (its Chinese title), attribution (licence) and
/// avatar (the cover, when it is one of the pack's images).
/// Not: aliases, English names, posters.
enum MatrixImagePack {
    struct Content: Codable {
        var images: [String: Image]
        var pack: Pack?
    }

    struct Image: Codable {
        var url: String
        var body: String?
        var info: Info?
        var usage: [String]?
    }

    struct Info: Codable {
        var w: Int?
        var h: Int?
        var mimetype: String?
        var size: Int?
    }

    struct Pack: Codable {
        var displayName: String?
        var avatarURL: String?
        var usage: [String]?
        var attribution: String?

        enum CodingKeys: String, CodingKey {
            case usage, attribution
            case displayName = "display_name"
            case avatarURL = "avatar_url"
        }
    }

    static func read(_ document: (name: String, bytes: [UInt8]), images: FolderFiles, request: PackAssembly.Request)
        throws(CatalogValidationError) -> PackImport
    {
        let content = try FormatJSON.decode(Content.self, from: document.bytes, file: document.name)
        var emoji: [ForeignEmoji] = []
        // A JSON object has no order: the stickers follow their shortcodes.
        for shortcode in content.images.keys.sorted() {
            let image = content.images[shortcode]!
            let entry = "images.\(shortcode)"
            guard image.url.hasPrefix("mxc://"), let mediaID = image.url.split(separator: "/").last,
                image.url.split(separator: "/").count == 3
            else {
                throw problem(document.name, "\(entry).url", "\"\(image.url)\" is not an mxc://server/media-id URL")
            }
            emoji.append(
                ForeignEmoji(
                    shortcode: shortcode, name: image.body.flatMap { $0.isEmpty ? nil : $0 }, image: String(mediaID),
                    entry: entry))
        }
        var request = request
        request.file = document.name
        request.info = ForeignPackInfo(
            title: content.pack?.displayName, license: content.pack?.attribution,
            coverImage: content.pack?.avatarURL.flatMap { $0.split(separator: "/").last.map(String.init) })
        return try PackAssembly.packs(emoji, from: MediaFiles(folder: images), request: request)
    }

    static func write(_ packs: OutgoingPacks, to output: URL, images: URL, host: String) throws(CatalogValidationError)
        -> PackExport
    {
        let pack = packs.packs[0]
        var map: [String: Image] = [:]
        var files: [(path: String, bytes: [UInt8])] = []
        var avatar: String?
        for (index, emoji) in packs.emoji.enumerated() {
            let mediaID = "\(pack.id)-\(index + 1)"
            let url = "mxc://\(host)/\(mediaID)"
            files.append(("\(mediaID).\(emoji.fileExtension)", emoji.image))
            let size = SniffedImage(emoji.image)
            map[emoji.shortcode] = Image(
                url: url, body: emoji.sticker.name.zh,
                info: Info(w: size?.width, h: size?.height, mimetype: emoji.mimeType, size: emoji.image.count),
                usage: nil)
            if emoji.sticker.tag == pack.cover { avatar = url }
        }
        let content = Content(
            images: map,
            pack: Pack(displayName: pack.title.zh, avatarURL: avatar, usage: ["emoticon"], attribution: pack.license))
        let written = try DocumentWriter.write(FormatJSON.encode(content), to: output, files: files, folder: images)
        return PackExport(written: written, notes: ["matrix: aliases, English names and posters have no place"])
    }
}

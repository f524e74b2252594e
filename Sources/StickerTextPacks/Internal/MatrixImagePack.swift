import Foundation
import StickerText

/// A Matrix image pack (MSC2545): the content of an `m.image_pack` (or
/// `im.ponies.room_emotes`) event, `images` (shortcode → `{url, body, info,
/// usage}`) and `pack` (`display_name`, `avatar_url`, `usage`,
/// `attribution`), with the pictures in a folder named by the media id of
/// each `mxc://server/media-id` URL (with or without an extension, in any
/// case). The document may also be the whole state event (`type`,
/// `state_key`, `content`), or a room's state (an array of events, as
/// `/rooms/{id}/state` answers): each image pack event with images is a
/// pack, one without any is passed over with a note. A
/// shortcode may be any text without `:`, `/` or space, so `笑哭` stays
/// itself. Holds: the code, the picture, `body` (the sticker's Chinese
/// name), the pack's name (its Chinese title), attribution (licence) and
/// avatar (the cover, when it is one of the pack's images).
/// Not: aliases, English names, posters.
enum MatrixImagePack {
    struct Content: Codable {
        var images: [String: Attempt<Image>]?
        var pack: Pack?
    }

    /// A state event, or the content alone (`images` and `pack` at the top).
    struct Event: Decodable {
        var type: String?
        var stateKey: String?
        var content: Attempt<Content>?
        var images: [String: Attempt<Image>]?
        var pack: Pack?

        enum CodingKeys: String, CodingKey {
            case type, content, images, pack
            case stateKey = "state_key"
        }
    }

    static let eventTypes: Set<String> = ["m.image_pack", "im.ponies.room_emotes", "im.ponies.user_emotes"]

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
        throws(InputError) -> PackImport
    {
        let file = document.name
        // (its content, the path to it, what names it in a note); nil content: not one the document could read.
        var packs: [(content: Content, path: String, label: String)] = []
        var unreadable: [StickerPack.Issue] = []
        var notes: [String] = []
        if document.bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") {
            let events = try FormatJSON.decode([Attempt<Event>].self, from: document.bytes, file: file)
            var passed: [String] = []
            for (index, attempt) in events.enumerated() {
                switch attempt.result {
                case .failure(let error): unreadable.append(FormatJSON.issue(error, file: file))
                case .success(let event):
                    guard let type = event.type, eventTypes.contains(type) else {
                        passed.append(event.type ?? "[\(index)]")
                        continue
                    }
                    let label = "[\(index)] \(type) \"\(event.stateKey ?? "")\""
                    switch event.content?.result {
                    case .success(let content): packs.append((content, "[\(index)].content.", label))
                    case .failure(let error): unreadable.append(FormatJSON.issue(error, file: file))
                    case nil: notes.append("\(label): passed over, no content (a redacted event?)")
                    }
                }
            }
            if !passed.isEmpty {
                notes.append(
                    "events other than image packs passed over: \(Set(passed).sorted().joined(separator: ", "))")
            }
        } else {
            let event = try FormatJSON.decode(Event.self, from: document.bytes, file: file)
            if let content = event.content {
                switch content.result {
                case .success(let content): packs.append((content, "content.", event.type ?? "the event"))
                case .failure(let error): throw InputError.invalidPacks([FormatJSON.issue(error, file: file)])
                }
            } else {
                packs.append((Content(images: event.images, pack: event.pack), "", "the content"))
            }
        }
        let withImages = packs.filter { !($0.content.images ?? [:]).isEmpty }
        for empty in packs where (empty.content.images ?? [:]).isEmpty {
            notes.append("\(empty.label): passed over, an image pack without images")
        }
        if withImages.isEmpty && unreadable.isEmpty {
            throw problem(
                file, nil,
                packs.isEmpty
                    ? "no image pack event (m.image_pack, im.ponies.room_emotes) here"
                    : "\"images\" is missing or empty: an image pack without emoji, nothing to import")
        }
        let several = withImages.count > 1
        var emoji: [ForeignEmoji] = []
        var info = ForeignPackInfo()
        for (number, pack) in withImages.enumerated() {
            let meta = pack.content.pack
            let category = several ? (meta?.displayName ?? "pack \(number + 1)") : nil
            // A JSON object has no order: the stickers follow their shortcodes.
            let (entries, issues) = FormatJSON.split(
                pack.content.images!.keys.sorted().map { ($0, pack.content.images![$0]!) }, file: file)
            unreadable += issues
            for (shortcode, image) in entries {
                let entry = "\(pack.path)images.\(shortcode)"
                let parts = image.url.split(separator: "/", omittingEmptySubsequences: false)
                guard image.url.hasPrefix("mxc://"), parts.count == 4, !parts[2].isEmpty, !parts[3].isEmpty else {
                    unreadable.append(
                        .init(
                            file: file, entry: "\(entry).url",
                            message: "\"\(image.url)\" is not an mxc://server/media-id URL"))
                    continue
                }
                emoji.append(
                    ForeignEmoji(
                        shortcode: shortcode, name: image.body.flatMap { $0.isEmpty ? nil : $0 }, category: category,
                        license: meta?.attribution, image: String(parts[3]), entry: entry))
            }
            if let avatar = meta?.avatarURL?.split(separator: "/").last { info.coverImages.insert(String(avatar)) }
            if !several {
                info.title = meta?.displayName
                info.license = meta?.attribution
            }
        }
        var request = request
        request.file = file
        request.info = info
        var result = try PackAssembly.packs(
            emoji, unreadable: unreadable, from: StemFiles(folder: images), request: request)
        result.notes = notes + result.notes
        return result
    }

    /// `mediaMap`: the `mxc://` URL a homeserver gave each uploaded picture,
    /// by shortcode or by the name of its file in the export's folder; the
    /// others get made-up ones (`mxc://<host>/<pack>-<n>`), listed in a note.
    static func write(
        _ packs: OutgoingPacks, to output: URL, images: URL, host: String, mediaMap: [String: String]? = nil
    ) throws(InputError) -> PackExport {
        let pack = packs.packs[0]
        var map: [String: Attempt<Image>] = [:]
        var files: [(path: String, bytes: [UInt8])] = []
        var avatar: String?
        var madeUp: [String] = []
        var used: Set<String> = []
        for (index, emoji) in packs.emoji.enumerated() {
            let madeUpID = "\(pack.id)-\(index + 1)"
            let file = "\(madeUpID).\(emoji.fileExtension)"
            var url = "mxc://\(host)/\(madeUpID)"
            if let mediaMap {
                if let mapped = mediaMap[emoji.shortcode] ?? mediaMap[file] {
                    url = mapped
                    used.formUnion([emoji.shortcode, file])
                } else {
                    madeUp.append("\(emoji.shortcode) (\(file))")
                }
            }
            // The picture under its media id, where an import of the content looks for it.
            files.append(("\(url.split(separator: "/").last!).\(emoji.fileExtension)", emoji.image))
            let size = SniffedImage(emoji.image)
            map[emoji.shortcode] = Attempt(
                Image(
                    url: url, body: emoji.sticker.name.zh,
                    info: Info(w: size?.width, h: size?.height, mimetype: emoji.mimeType, size: emoji.image.count),
                    usage: nil))
            if emoji.sticker.tag == pack.cover { avatar = url }
        }
        let content = Content(
            images: map,
            pack: Pack(displayName: pack.title.zh, avatarURL: avatar, usage: ["emoticon"], attribution: pack.license))
        let written = try DocumentWriter.write(FormatJSON.encode(content), to: output, files: files, folder: images)
        var notes = ["matrix: aliases, English names and posters have no place"]
        if !madeUp.isEmpty {
            notes.append(
                "matrix: not in the media map, given made-up mxc:// URLs (upload them and map them): \(madeUp.joined(separator: ", "))"
            )
        }
        if let mediaMap {
            let unused = mediaMap.keys.filter { !used.contains($0) }.sorted()
            if !unused.isEmpty {
                notes.append("matrix: media map entries that name no exported emoji: \(unused.joined(separator: ", "))")
            }
        }
        return PackExport(written: written, notes: notes)
    }
}

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

    /// The most bytes an image pack's content may take, written compactly as
    /// a client sends it: the spec bounds a whole event at 65,536 bytes (its
    /// PDU: the content with the room, sender, hashes, signatures and the
    /// events it follows), so 5,536 are left for those.
    static let maxContentBytes = 60_000

    /// `mediaMap`: the `mxc://` URL a homeserver gave each uploaded picture,
    /// by shortcode or by the name of its file in the export's folder; the
    /// others get made-up ones (`mxc://<host>/<pack>-<n>`), listed in a note.
    /// A pack whose content would pass `maxContentBytes` is split, in its
    /// order, into packs that fit: `weibo.json`, `weibo-2.json`…, each with
    /// its pictures in the folder named as it, titled `微博表情`, `微博表情 2`…, said so.
    static func write(
        _ packs: OutgoingPacks, to output: URL, images: URL, host: String, mediaMap: [String: String]? = nil,
        overwrite: Bool = false
    ) throws(InputError) -> PackExport {
        let pack = packs.packs[0]
        var entries: [(shortcode: String, image: Image, file: String, bytes: [UInt8])] = []
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
            let size = SniffedImage(emoji.image)
            let image = Image(
                url: url, body: emoji.sticker.name.zh,
                info: Info(w: size?.width, h: size?.height, mimetype: emoji.mimeType, size: emoji.image.count),
                usage: nil)
            // The picture under its media id, where an import of the content looks for it.
            entries.append(
                (emoji.shortcode, image, "\(url.split(separator: "/").last!).\(emoji.fileExtension)", emoji.image))
        }
        let cover = packs.emoji.firstIndex { $0.sticker.tag == pack.cover }.map { entries[$0].image.url }
        func content(_ part: ArraySlice<(shortcode: String, image: Image, file: String, bytes: [UInt8])>, title: String)
            -> Content
        {
            let avatar = part.contains { $0.image.url == cover } ? cover : part.first?.image.url
            return Content(
                images: Dictionary(part.map { ($0.shortcode, Attempt($0.image)) }, uniquingKeysWith: { a, _ in a }),
                pack: Pack(displayName: title, avatarURL: avatar, usage: ["emoticon"], attribution: pack.license))
        }
        // Greedy, in the pack's order: each entry's compact bytes (`"code":{…},`) added to the part's.
        let whole = compactSize(content(entries[...], title: pack.title.zh))
        var parts: [Range<Int>] = []
        if whole <= maxContentBytes {
            parts = [0..<entries.count]
        } else {
            let longestTitle = "\(pack.title.zh) \(entries.count)"
            let longestURL = entries.map(\.image.url).max { $0.utf8.count < $1.utf8.count } ?? ""
            let base = compactSize(
                Content(
                    images: [:],
                    pack: Pack(
                        displayName: longestTitle, avatarURL: longestURL, usage: ["emoticon"],
                        attribution: pack.license)))
            var start = 0
            var bytes = base
            for (index, entry) in entries.enumerated() {
                let size = compactSize([entry.shortcode: entry.image]) - 2 + 1
                if bytes + size > maxContentBytes && index > start {
                    parts.append(start..<index)
                    start = index
                    bytes = base
                }
                bytes += size
            }
            parts.append(start..<entries.count)
        }
        // Named as an import finds a document's folder: the name up to its first dot.
        let name = output.lastPathComponent
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        let ext = String(name.dropFirst(stem.count))
        var written: [String] = []
        var documents: [String] = []
        var overs: [String] = []
        for (number, part) in parts.enumerated() {
            let document =
                number == 0
                ? output : output.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number + 1)\(ext)")
            let folder =
                number == 0
                ? images
                : output.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number + 1)", isDirectory: true)
            if number > 0 && !overwrite {
                try PackConversion.refuseExisting(document, folder: false)
                try PackConversion.refuseExisting(folder, folder: true)
            }
            let title = number == 0 ? pack.title.zh : "\(pack.title.zh) \(number + 1)"
            let slice = entries[part]
            let partContent = content(slice, title: title)
            // Only one emoji whose entry alone is too large (a name of many kilobytes) can leave a part over.
            if compactSize(partContent) > maxContentBytes {
                overs.append("\(document.lastPathComponent) (\(compactSize(partContent)) bytes)")
            }
            written += try DocumentWriter.write(
                FormatJSON.encode(partContent), to: document, files: slice.map { ($0.file, $0.bytes) },
                folder: folder)
            documents.append(document.lastPathComponent)
        }
        var notes = ["matrix: aliases, English names and posters have no place"]
        if !overs.isEmpty {
            notes.append(
                "matrix: still over what an event holds, an emoji's entry alone too large (a homeserver will refuse it): \(overs.joined(separator: ", "))"
            )
        }
        if parts.count > 1 {
            notes.append(
                "matrix: the pack's content is \(whole) bytes, over the \(maxContentBytes) an event has room for (the spec's limit is 65,536 bytes an event): split into \(parts.count) packs that fit, \(documents.joined(separator: ", ")); send each as its own state event (state_key \(documents.map { $0.split(separator: ".").first.map(String.init) ?? $0 }.joined(separator: ", ")))"
            )
        }
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

    /// The bytes of `value` written compactly, as a client sends an event's content.
    static func compactSize<T: Encodable>(_ value: T) -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value))?.count ?? 0
    }
}

import Foundation
import StickerText

/// A Telegram sticker set, as the Bot API's `getStickerSet` answers
/// (`{"ok": true, "result": {name, title, sticker_type, stickers: [{file_id,
/// file_unique_id, is_animated, is_video, emoji…}]}}`, or the set alone),
/// with the sticker files downloaded (`getFile`) into the folder beside it,
/// each named by its `file_unique_id` or `file_id`, or by its place in the
/// set as sticker-convert saves a set (`000.webp`, `001.tgs`…); or such a
/// sticker-convert folder alone (`title.txt`, the set's name; `emoji.txt`,
/// a JSON object of each file's emoji; `cover.*` passed over).
///
/// Telegram stickers have no code: sticker n (from 1, in the set's order) is
/// `[<set>_<n>]`, the set's name without the `_by_<bot>` every bot-made set
/// ends in (`[cats_3]`); its emoji is its name (what search finds it by).
/// A static sticker is a WebP, and comes in as it is. An animated (TGS,
/// `is_animated`) or video (WebM, `is_video`) sticker is named, to be
/// converted to an APNG or GIF first and saved beside the others under the
/// same name (`--skip-invalid` imports the rest). Holds: the pictures, the
/// emoji, the title. Not: more than one emoji a sticker (the Bot API gives
/// one), the set's thumbnail, premium animations, mask positions. Read only:
/// a set is made by uploading each sticker to @Stickers or a bot, not from a file.
enum TelegramStickerSet {
    struct Answer: Decodable {
        var ok: Bool?
        var description: String?
        var result: StickerSet?
    }

    struct StickerSet: Decodable {
        var name: String
        var title: String?
        var stickers: [Attempt<Sticker>]
        /// Before Bot API 7.2, the whole set's kind (now each sticker's).
        var isAnimated: Bool?
        var isVideo: Bool?

        enum CodingKeys: String, CodingKey {
            case name, title, stickers
            case isAnimated = "is_animated"
            case isVideo = "is_video"
        }
    }

    struct Sticker: Decodable {
        var fileID: String
        var fileUniqueID: String
        var isAnimated: Bool?
        var isVideo: Bool?
        var emoji: String?

        enum CodingKeys: String, CodingKey {
            case emoji
            case fileID = "file_id"
            case fileUniqueID = "file_unique_id"
            case isAnimated = "is_animated"
            case isVideo = "is_video"
        }
    }

    /// A `getStickerSet` answer (or the set alone), its files in `images`.
    static func read(_ document: (name: String, bytes: [UInt8]), images: FolderFiles, request: PackAssembly.Request)
        throws(InputError) -> PackImport
    {
        let file = document.name
        let answer = try FormatJSON.decode(Answer.self, from: document.bytes, file: file)
        if answer.ok == false {
            throw problem(
                file, "ok", "is false: an error answer (\(answer.description ?? "no description")), not a sticker set")
        }
        let set: StickerSet
        if let result = answer.result {
            set = result
        } else {
            set = try FormatJSON.decode(StickerSet.self, from: document.bytes, file: file)
        }
        let path = answer.result == nil ? "" : "result."
        let base = setBase(set.name)
        var files = StemFiles(folder: images)
        var emoji: [ForeignEmoji] = []
        var unreadable: [StickerPack.Issue] = []
        for (index, attempt) in set.stickers.enumerated() {
            switch attempt.result {
            case .failure(let error):
                unreadable.append(FormatJSON.issue(error, file: file))
            case .success(let sticker):
                files.stems[sticker.fileUniqueID] = [sticker.fileUniqueID, sticker.fileID, placeName(index)]
                let animated = sticker.isAnimated ?? set.isAnimated ?? false
                let video = sticker.isVideo ?? set.isVideo ?? false
                emoji.append(
                    ForeignEmoji(
                        shortcode: "\(base)_\(index + 1)", name: sticker.emoji.flatMap { $0.isEmpty ? nil : $0 },
                        image: sticker.fileUniqueID, entry: "\(path)stickers[\(index)] \(sticker.emoji ?? "")",
                        unconvertible: animated ? .tgs : video ? .webm : nil))
            }
        }
        var request = request
        request.file = file
        request.info.title = set.title.flatMap { $0.isEmpty ? nil : $0 } ?? set.name
        if request.idFromFileName { request.id = packID(base) ?? request.id }
        return try PackAssembly.packs(emoji, unreadable: unreadable, from: files, request: request)
    }

    /// A folder as sticker-convert downloads a set: `000.webp`, `001.tgs`…,
    /// `title.txt` (the set's name), `emoji.txt` (each file's emoji by its number).
    static func readFolder(_ folder: FolderFiles, name: String, request: PackAssembly.Request)
        throws(InputError) -> PackImport
    {
        func text(_ path: String) throws(InputError) -> String? {
            guard case .found(let bytes) = try folder.file(at: path) else { return nil }
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let title = try text("title.txt").flatMap { $0.isEmpty ? nil : $0 }
        var emojiOf: [String: String] = [:]
        if case .found(let bytes) = try folder.file(at: "emoji.txt") {
            let map = try FormatJSON.decode(
                [String: Attempt<String>].self, from: bytes, file: "\(folder.label)emoji.txt")
            emojiOf = map.compactMapValues(\.value)
        }
        // The stickers: files named by their place in the set (a number), in its order.
        var numbered: [(number: Int, stem: String, path: String)] = []
        var passed: [String] = []
        for path in try folder.allFiles().files {
            let stem = path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? path
            if !stem.isEmpty, stem.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let number = Int(stem)
            {
                numbered.append((number, stem, path))
            } else if !["title.txt", "author.txt", "emoji.txt"].contains(path) && !stem.hasPrefix("cover") {
                passed.append(path)
            }
        }
        if numbered.isEmpty {
            throw problem(
                folder.label, nil,
                "no sticker files (000.webp, 001.png…): not a sticker set as sticker-convert downloads one")
        }
        numbered.sort { $0.number < $1.number }
        let base = setBase(title ?? name)
        let emoji = numbered.map { item in
            ForeignEmoji(
                shortcode: "\(base)_\(item.number + 1)", name: emojiOf[item.stem].flatMap { $0.isEmpty ? nil : $0 },
                image: item.path, entry: item.path)
        }
        var request = request
        request.file = folder.label
        request.info.title = title ?? name
        if request.idFromFileName { request.id = packID(base) ?? request.id }
        var result = try PackAssembly.packs(emoji, from: folder, request: request)
        result.note("passed over, not a sticker of the set", listing: passed)
        return result
    }

    /// The set's name without the `_by_<bot>` a bot-made set's ends in.
    static func setBase(_ name: String) -> String {
        if let by = name.range(of: "_by_", options: .backwards), by.lowerBound > name.startIndex,
            by.upperBound < name.endIndex
        {
            return String(name[..<by.lowerBound])
        }
        return name
    }

    /// sticker-convert's name for the file of the sticker at `index`: `007`.
    static func placeName(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    private static func packID(_ base: String) -> String? {
        let slug = PackAssembly.slug(base)
        return slug.isEmpty ? nil : String(slug.prefix(64))
    }
}

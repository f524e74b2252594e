import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// A Telegram sticker set: the Bot API's `getStickerSet` answer with the
/// files `getFile` gave, or a set as sticker-convert downloads it (issue 40,
/// item 8). Static stickers (WebP) come in as they are; TGS and WebM ones
/// are named, to be converted first. Telegram has no import of a file: the
/// tests say what the move keeps and what it cannot carry.
struct TelegramImportTests {
    static let webp = ImageBytes.webp(width: 512, height: 512, frames: 1)
    static let tgs: [UInt8] = [0x1F, 0x8B, 0x08, 0x00] + [UInt8](repeating: 0, count: 20)
    static let webm: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0, count: 20)

    func sticker(_ n: Int, emoji: String, animated: Bool = false, video: Bool = false) -> [String: Any] {
        [
            "file_id": "CAACAgIAAxkBAAE\(n)", "file_unique_id": "AgADq\(n)", "type": "regular", "width": 512,
            "height": 512, "is_animated": animated, "is_video": video, "emoji": emoji,
            "set_name": "cats_by_stickerbot", "file_size": 20_000,
        ]
    }

    /// `getStickerSet`'s answer as `cats.json`; each file in `cats/` under
    /// the name a downloader gave it: its file_unique_id, its file_id, or
    /// its place (`003.webp`, as sticker-convert saves a set).
    func stickerSet(_ extra: [(String, [UInt8])] = []) -> URL {
        let answer: [String: Any] = [
            "ok": true,
            "result": [
                "name": "cats_by_stickerbot", "title": "猫猫", "sticker_type": "regular",
                "stickers": [
                    sticker(1, emoji: "😺"), sticker(2, emoji: "😹", animated: true), sticker(3, emoji: "😻", video: true),
                    sticker(4, emoji: "😼"),
                ],
                "thumbnail": ["file_id": "thumb", "file_unique_id": "AQADthumb", "width": 100, "height": 100],
            ],
        ]
        let folder = PackFixtures.folder()
        PackFixtures.write(
            [
                ("cats.json", PackFixtures.json(answer)), ("cats/AgADq1.webp", Self.webp),
                ("cats/AgADq2.tgs", Self.tgs),
                ("cats/CAACAgIAAxkBAAE3.webm", Self.webm), ("cats/003.webp", ImageBytes.webp(width: 500, frames: 1)),
            ] + extra, into: folder)
        return folder.appendingPathComponent("cats.json")
    }

    func importing(_ source: URL, _ options: ImportOptions = .init()) throws(InputError) -> PackImport {
        try PackConversion.importPacks(from: source, format: .telegram, options: options)
    }

    @Test func tgsAndWebMStickersAreNamedToBeConvertedFirstAndSkipInvalidImportsTheRest() throws {
        let source = stickerSet()
        let error = try #require(throws: InputError.self) { try importing(source) }
        #expect(
            error.issues.map(\.description) == [
                "cats.json: result.stickers[1] 😹: \"AgADq2\" is a Telegram TGS sticker (gzipped Lottie, a vector animation): stickertext packs hold PNG, APNG, GIF or WebP; convert it to an APNG or GIF first",
                "cats.json: result.stickers[2] 😻: \"AgADq3\" is a WebM video sticker: stickertext packs hold PNG, APNG, GIF or WebP; convert it to an APNG or GIF first",
            ])
        let result = try importing(source, .init(skipInvalid: true))
        #expect(result.notes.contains { $0.hasPrefix("skipped 2 of 4 emoji (--skip-invalid)") })
        // The set's name (without _by_<bot>) names the pack and each sticker's code; its emoji is its name.
        let pack = try #require(result.packs.first)
        #expect(pack.pack.id == "cats" && pack.pack.title.zh == "猫猫")
        #expect(pack.pack.stickers.map(\.tag) == ["[cats_1]", "[cats_4]"])
        #expect(pack.pack.stickers.map(\.name.zh) == ["😺", "😼"])
        #expect(pack.files[pack.pack.stickers[0].image!.x1] == Self.webp)
        #expect(pack.files[pack.pack.stickers[1].image!.x1] == ImageBytes.webp(width: 500, frames: 1))
        // Not carried: the set's thumbnail (the cover is a sticker of the set).
        #expect(pack.pack.cover == "[cats_1]" && !pack.files.keys.contains { $0.contains("thumb") })
        let out = PackFixtures.folder()
        _ = try PackConversion.write(result.packs, into: out)
        #expect(try StickerCatalog.load(directory: out.path).entry(forCode: "[cats_4]") != nil)
    }

    /// A TGS converted to a GIF and saved beside it under the same name is
    /// the one taken; one not saved at all says where its conversion goes.
    @Test func aConvertedStickerSavedBesideItsTGSIsTakenAndAMissingOneSaysWhereItGoes() throws {
        let gif = ImageBytes.gif(width: 512, height: 512, frames: 3)
        let source = stickerSet([("cats/AgADq2.gif", gif)])
        let folder = source.deletingLastPathComponent().appendingPathComponent("cats")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("CAACAgIAAxkBAAE3.webm"))
        let error = try #require(throws: InputError.self) { try importing(source) }
        #expect(
            error.issues.map(\.description) == [
                "cats.json: result.stickers[2] 😻: it is a WebM video sticker and no picture of it is in \(folder.path)/: stickertext packs hold PNG, APNG, GIF or WebP; convert it to an APNG or GIF first (saved as \"AgADq3.gif\" or \".png\" there)"
            ])
        let result = try importing(source, .init(skipInvalid: true))
        let converted = try #require(result.packs[0].pack.stickers.first { $0.tag == "[cats_2]" })
        #expect(converted.image?.isAnimated == true && result.packs[0].files[converted.image!.x1] == gif)
    }

    @Test func aSetAsStickerConvertDownloadsItImportsWithItsTitleAndEmoji() throws {
        let folder = PackFixtures.folder().appendingPathComponent("dogs", isDirectory: true)
        PackFixtures.write(
            [
                ("000.webp", Self.webp), ("001.tgs", Self.tgs), ("002.png", ImageBytes.png(width: 512, height: 512)),
                ("title.txt", Array("dogs_by_stickerbot".utf8)), ("author.txt", Array("someone".utf8)),
                ("emoji.txt", PackFixtures.json(["000": "🐶", "001": "🐕", "002": "🦮"])), ("cover.webp", Self.webp),
                ("notes.md", Array("hi".utf8)),
            ], into: folder)
        let error = try #require(throws: InputError.self) { try importing(folder) }
        #expect(
            error.issues.count == 1
                && error.issues[0].description.contains("001.tgs: \"001.tgs\" is a Telegram TGS sticker"))
        let result = try importing(folder, .init(skipInvalid: true))
        let pack = try #require(result.packs.first?.pack)
        #expect(pack.id == "dogs" && pack.title.zh == "dogs_by_stickerbot")
        #expect(pack.stickers.map(\.tag) == ["[dogs_1]", "[dogs_3]"] && pack.stickers.map(\.name.zh) == ["🐶", "🦮"])
        #expect(result.notes.contains("passed over, not a sticker of the set: notes.md"))
    }

    @Test func anErrorAnswerIsRefusedWithItsDescription() throws {
        let folder = PackFixtures.folder()
        PackFixtures.write(
            [
                (
                    "bad.json",
                    PackFixtures.json([
                        "ok": false, "error_code": 400, "description": "Bad Request: STICKERSET_INVALID",
                    ])
                )
            ],
            into: folder)
        let error = try #require(throws: InputError.self) {
            try importing(folder.appendingPathComponent("bad.json"))
        }
        #expect(
            error.description
                == "bad.json: ok: is false: an error answer (Bad Request: STICKERSET_INVALID), not a sticker set")
    }

    /// Before Bot API 7.2 a set said whether all its stickers were animated.
    @Test func aSetOfTheOlderAPIThatIsAnimatedAsAWholeAsksForItsStickersConverted() throws {
        let folder = PackFixtures.folder()
        let set: [String: Any] = [
            "name": "spin", "title": "Spin", "is_animated": true, "is_video": false, "contains_masks": false,
            "stickers": [["file_id": "F1", "file_unique_id": "U1", "width": 512, "height": 512, "emoji": "🌀"]],
        ]
        PackFixtures.write([("spin.json", PackFixtures.json(set))], into: folder)
        let error = try #require(throws: InputError.self) {
            try importing(folder.appendingPathComponent("spin.json"))
        }
        #expect(error.description.hasPrefix("spin.json: stickers[0] 🌀: it is a Telegram TGS sticker"))
    }
}

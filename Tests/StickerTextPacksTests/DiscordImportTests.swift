import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// A Discord server's emoji and stickers as Discord's API gives them
/// (`GET /guilds/{id}`, `/guilds/{id}/emojis`, `/stickers`, a sticker pack),
/// the pictures saved from its CDN by their ids (issue 40, item 8). Discord
/// has no export to read and no import to write for: the tests say what
/// the move keeps and what it cannot carry.
struct DiscordImportTests {
    static let png = ImageBytes.png(width: 64, height: 64)
    static let apng = ImageBytes.png(width: 64, height: 64, frames: 4)
    static let gif = ImageBytes.gif(width: 48, height: 48, frames: 3)
    static let lottie = Array(#"{"v":"5.5.2","fr":60,"ip":0,"op":120,"w":512,"h":512,"layers":[]}"#.utf8)

    func emoji(_ id: String, _ name: String, animated: Bool = false, available: Bool = true) -> [String: Any] {
        [
            "id": id, "name": name, "roles": [], "require_colons": true, "managed": false, "animated": animated,
            "available": available,
        ]
    }

    func sticker(_ id: String, _ name: String, format: Int, tags: String) -> [String: Any] {
        [
            "id": id, "name": name, "description": "\(name), described", "tags": tags, "type": 2, "format_type": format,
            "available": true, "guild_id": "1",
        ]
    }

    /// `GET /guilds/{id}` saved as `guild.json`, the pictures in `guild/`
    /// (some flat by id, some as `wget -x -nH` keeps the CDN's paths).
    func guild(lottie: Bool = true) -> URL {
        let document: [String: Any] = [
            "id": "1", "name": "Blob Server",
            "emojis": [
                emoji("100", "blobcat"), emoji("101", "blob_party", animated: true), emoji("102", "blobcat"),
                emoji("103", "gone", available: false),
            ],
            "stickers": [
                sticker("200", "Wave Hello", format: 1, tags: "wave"), sticker("201", "spin", format: 2, tags: "dizzy"),
                sticker("202", "dance", format: 3, tags: "dancer"), sticker("203", "jump", format: 4, tags: "x"),
            ],
        ]
        let folder = PackFixtures.folder()
        PackFixtures.write(
            [
                ("guild.json", PackFixtures.json(document)), ("guild/100.png", Self.png),
                ("guild/emojis/101.gif", Self.gif), ("guild/101.png", ImageBytes.png(width: 48, height: 48)),
                ("guild/102.png", ImageBytes.png(width: 40)), ("guild/103.png", ImageBytes.png(width: 41)),
                ("guild/stickers/200.png", ImageBytes.png(width: 320, height: 320)), ("guild/201.png", Self.apng),
                ("guild/203.gif", Self.gif),
            ] + (lottie ? [("guild/202.json", Self.lottie)] : []), into: folder)
        return folder.appendingPathComponent("guild.json")
    }

    func importing(_ source: URL, _ options: ImportOptions = .init()) throws(InputError) -> PackImport {
        try PackConversion.importPacks(from: source, format: .discord, options: options)
    }

    func sticker(_ result: PackImport, _ tag: String) -> (pack: ImportedPack, sticker: Sticker)? {
        PackFixtures.sticker(result, tag)
    }

    @Test func aLottieStickerIsNamedToBeConvertedFirstAndSkipInvalidImportsTheRest() throws {
        let source = guild()
        let error = try #require(throws: InputError.self) { try importing(source) }
        #expect(
            error.issues.map(\.description) == [
                "guild.json: stickers[2] dance: \"202\" is a Lottie animation (JSON, a vector animation, as Discord's LOTTIE stickers are): stickertext packs hold PNG, APNG, GIF or WebP; convert it to an APNG or GIF first"
            ])
        let result = try importing(source, .init(skipInvalid: true))
        #expect(result.notes.contains { $0.hasPrefix("skipped 1 of 8 emoji (--skip-invalid)") })
        // The server's name names the packs; its stickers are a pack of their own.
        #expect(result.packs.map(\.pack.id) == ["blob-server", "blob-server-stickers"])
        #expect(result.packs[0].pack.title.zh == "Blob Server")
        #expect(
            result.packs.map { $0.pack.stickers.map(\.tag!) } == [
                ["[blobcat]", "[blob_party]", "[blobcat~1]", "[gone]"], ["[Wave Hello]", "[spin]", "[jump]"],
            ])
        // Each picture is the one saved under its id: an animated emoji's GIF, not the CDN's still PNG of it.
        let party = try #require(sticker(result, "[blob_party]"))
        #expect(party.pack.files[party.sticker.image!.x1] == Self.gif && party.sticker.image!.isAnimated)
        let second = try #require(sticker(result, "[blobcat~1]"))
        #expect(second.pack.files[second.sticker.image!.x1] == ImageBytes.png(width: 40))
        let spin = try #require(sticker(result, "[spin]"))
        #expect(spin.pack.files[spin.sticker.image!.x1] == Self.apng && spin.sticker.image!.isAnimated)
        // A sticker's tags are search keywords.
        #expect(sticker(result, "[Wave Hello]")?.sticker.keywords == ["wave"])
        #expect(result.notes.contains("names Discord has twice, told apart as its client tells them: blobcat~1"))
        #expect(
            result.notes.contains {
                $0.hasPrefix("imported though Discord has them unavailable") && $0.hasSuffix("gone")
            })
        // What the move cannot carry: descriptions, roles, require_colons.
        let written = PackFixtures.folder()
        _ = try PackConversion.write(result.packs, into: written)
        let packJSON = try String(
            contentsOf: written.appendingPathComponent("blob-server-stickers/pack.json"), encoding: .utf8)
        #expect(!packJSON.contains("described") && !packJSON.contains("require_colons"))
        #expect(try StickerCatalog.load(directory: written.path).packs.count == 2)
    }

    /// A LOTTIE sticker not saved at all: its entry says what it is and where its conversion goes.
    @Test func aLottieStickerNotSavedSaysWhereItsConversionGoes() throws {
        let source = guild(lottie: false)
        let error = try #require(throws: InputError.self) { try importing(source) }
        let said = try #require(error.issues.first?.description)
        #expect(said.hasPrefix("guild.json: stickers[2] dance: it is a Lottie animation"))
        #expect(said.hasSuffix("convert it to an APNG or GIF first (saved as \"202.gif\" or \".png\" there)"))
        // Saved so, it comes in.
        PackFixtures.write(
            [("202.gif", Self.gif)], into: source.deletingLastPathComponent().appendingPathComponent("guild"))
        #expect(try sticker(importing(source), "[dance]")?.sticker.image?.isAnimated == true)
    }

    @Test func anEmojiListAStickerListAndAStickerPackEachImport() throws {
        let folder = PackFixtures.folder()
        let pack: [String: Any] = [
            "id": "847199849233514549", "name": "Wumpus Beyond", "cover_sticker_id": "301",
            "stickers": [
                sticker("300", "wave", format: 1, tags: "wumpus, hi"), sticker("301", "sleep", format: 1, tags: "zzz"),
            ],
        ]
        PackFixtures.write(
            [
                ("emojis.json", PackFixtures.json([emoji("100", "blobcat"), ["id": 5, "name": "x"]])),
                ("emojis/100.png", Self.png),
                ("wumpus.json", PackFixtures.json(pack)), ("wumpus/300.png", Self.png), ("wumpus/301.png", Self.png),
            ], into: folder)
        // An entry of the wrong shape is named with its place; the others import.
        let error = try #require(throws: InputError.self) {
            try importing(folder.appendingPathComponent("emojis.json"))
        }
        #expect(error.issues.map(\.description) == ["emojis.json: [1].id: must be a string"])
        let list = try importing(folder.appendingPathComponent("emojis.json"), .init(skipInvalid: true))
        #expect(list.packs.map(\.pack.id) == ["emojis"] && list.packs[0].pack.stickers.map(\.tag) == ["[blobcat]"])
        let stickers = try importing(folder.appendingPathComponent("wumpus.json"))
        #expect(stickers.packs[0].pack.id == "wumpus-beyond" && stickers.packs[0].pack.title.zh == "Wumpus Beyond")
        #expect(stickers.packs[0].pack.cover == "[sleep]")
        #expect(sticker(stickers, "[wave]")?.sticker.keywords == ["wumpus", "hi"])
    }

    @Test func anAnimatedEmojiSavedAsTheCDNsStillPNGIsTakenWithANote() throws {
        let folder = PackFixtures.folder()
        PackFixtures.write(
            [
                ("emojis.json", PackFixtures.json([emoji("101", "blob_party", animated: true)])),
                ("emojis/101.png", Self.png),
            ], into: folder)
        let result = try importing(folder.appendingPathComponent("emojis.json"))
        #expect(
            result.notes.contains(
                "animated in Discord, but their pictures here are stills (save the CDN's .gif, not its .png): [blob_party]"
            ))
    }

    /// A document from anyone may give a sticker a million tags: each is
    /// kept once through a set, so 8 times the tags take about 8 times as
    /// long (a search of the list so far for each would take 64 times).
    @Test func aStickersTagsAreMadeKeywordsInLinearTime() throws {
        func seconds(_ count: Int) throws -> Double {
            let tags = (0..<count).map { "t\($0)" }.joined(separator: ",")
            let folder = PackFixtures.folder()
            PackFixtures.write(
                [
                    ("stickers.json", PackFixtures.json([sticker("300", "wave", format: 1, tags: tags)])),
                    ("stickers/300.png", Self.png),
                ], into: folder)
            let start = Date()
            let result = try importing(folder.appendingPathComponent("stickers.json"))
            #expect(result.packs[0].pack.stickers[0].keywords.count == count)
            // And a packs folder takes a sticker with that many keywords.
            _ = try PackConversion.write(result.packs, into: folder.appendingPathComponent("packs"))
            return Date().timeIntervalSince(start)
        }
        let (small, large) = try PackFixtures.eightfold(seconds, from: 2000)
        #expect(large / small < 24, "8x the tags took \(large / small)x as long (\(small) s, \(large) s)")
    }

    /// Ids from anyone: one that climbs out of the folder is refused, never read.
    @Test func anIdThatLeavesThePicturesFolderIsRefused() throws {
        let folder = PackFixtures.folder()
        PackFixtures.write(
            [
                ("emojis.json", PackFixtures.json([emoji("../../secret", "x"), emoji("100", "ok")])),
                ("emojis/100.png", Self.png),
            ],
            into: folder)
        let error = try #require(throws: InputError.self) {
            try importing(folder.appendingPathComponent("emojis.json"))
        }
        #expect(
            error.issues.map(\.description) == [
                "emojis.json: [0] :x:: its image \"../../secret\" cannot be read: a path that goes up (..)"
            ])
    }
}

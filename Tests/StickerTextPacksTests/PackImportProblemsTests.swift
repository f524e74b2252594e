import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// An import of a real instance's emoji: every problem named at once (entry,
/// emoji, why), the others imported with --skip-invalid, and the layouts
/// systems really write taken as they are (issue 40, items 3–5 and 7).
struct PackImportProblemsTests {
    static let png = ImageBytes.png(width: 64, height: 64)

    func misskeyZip(_ entries: [[String: Any]], files: [(String, [UInt8])], meta extra: [String: Any] = [:]) throws
        -> URL
    {
        var meta: [String: Any] = ["metaVersion": 2, "host": "misskey.example", "emojis": entries]
        meta.merge(extra) { $1 }
        let url = PackFixtures.folder().appendingPathComponent("custom-emojis.zip")
        try PackFixtures.zip([("meta.json", PackFixtures.json(meta))] + files, at: url)
        return url
    }

    func entry(_ name: String, file: String, aliases: [String] = []) -> [String: Any] {
        ["fileName": file, "downloaded": true, "emoji": ["name": name, "aliases": aliases, "category": NSNull()]]
    }

    func importing(_ url: URL, _ format: PackFormat, _ options: ImportOptions = .init()) throws(InputError)
        -> PackImport
    {
        try PackConversion.importPacks(from: url, format: format, options: options)
    }

    /// Six emoji, five of them broken in five ways: all five are named, each
    /// with its entry and shortcode; the one good emoji hides none of them.
    @Test func everyProblemOfAnArchiveIsNamedAtOnceWithItsEntryAndShortcode() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0]
        let zip = try misskeyZip(
            [
                entry("gif_anim", file: "gif_anim.gif"), entry("photo_emoji", file: "photo_emoji.jpeg"),
                entry("blobcat", file: "blobcat.png"), entry("gone", file: "gone.png"),
                entry("bad]name", file: "blobcat.png"), entry("spin", file: "spin.gif"),
                ["fileName": "x.png", "downloaded": true, "emoji": ["name": 5]],
            ],
            files: [
                ("gif_anim.gif", ImageBytes.gif(frames: 101)), ("photo_emoji.jpeg", jpeg), ("blobcat.png", Self.png),
                ("spin.gif", Array(ImageBytes.gif(frames: 3).dropLast(20))),
            ])
        let error = try #require(throws: InputError.self) { try importing(zip, .misskey) }
        let said = error.issues.map(\.description)
        let file = "custom-emojis.zip: meta.json"
        for expected in [
            "\(file): emojis[0] :gif_anim:: animated image \"gif_anim.gif\" has 101 frames, over the limit of 100",
            "\(file): emojis[1] :photo_emoji:: \"photo_emoji.jpeg\" is not a PNG, APNG, GIF or WebP file",
            "\(file): emojis[3] :gone:: its image \"gone.png\" is not in custom-emojis.zip",
            "\(file): emojis[4] :bad]name:: shortcode \"bad]name\" cannot be a sticker code [bad]name]: a code cannot contain a bracket inside",
            "\(file): emojis[5] :spin:: \"spin.gif\" cannot be decoded as a GIF: the file ends before its picture does (frame 3); giflib said: \"Failed to read from given file\"",
            "\(file): emojis[6].emoji.name: must be a string",
        ] {
            #expect(said.contains(expected), "\(expected)\nin \(said)")
        }
        #expect(error.issues.count == 6)
        #expect(!said.joined().contains("blobcat"))
    }

    @Test func skipInvalidImportsTheRestAndNamesWhatItLeftOut() throws {
        let zip = try misskeyZip(
            [entry("blobcat", file: "blobcat.png"), entry("broken", file: "broken.png")],
            files: [("blobcat.png", Self.png), ("broken.png", Array("not a picture".utf8))])
        let result = try importing(zip, .misskey, ImportOptions(skipInvalid: true))
        #expect(result.packs.flatMap(\.pack.stickers).map(\.tag) == ["[blobcat]"])
        #expect(result.skipped.map(\.entry) == ["emojis[1] :broken:"])
        #expect(
            result.notes.contains { $0.hasPrefix("skipped 1 of 2 emoji (--skip-invalid)") && $0.contains("broken.png") }
        )
        let folder = PackFixtures.folder()
        _ = try PackConversion.write(result.packs, into: folder)
        #expect(try StickerCatalog.load(directory: folder.path).entry(forCode: "[blobcat]") != nil)
        // With nothing good left, it is still refused, naming the problems.
        let none = try misskeyZip([entry("broken", file: "broken.png")], files: [("broken.png", [1, 2, 3])])
        let error = try #require(throws: InputError.self) {
            try importing(none, .misskey, ImportOptions(skipInvalid: true))
        }
        #expect(
            error.issues.map(\.message) == [
                "no emoji to import", "\"broken.png\" is not a PNG, APNG, GIF or WebP file",
            ])
    }

    /// Misskey names a file by its public copy's type: a PNG with EXIF data
    /// is `bigblob.webp`. The bytes decide; the sticker's file is a .png.
    @Test func aPictureNamedAsAnotherFormatIsTakenByItsBytesWithANote() throws {
        let zip = try misskeyZip(
            [entry("bigblob", file: "bigblob.webp")], files: [("bigblob.webp", Self.png)])
        let result = try importing(zip, .misskey)
        let sticker = try #require(result.packs.first?.pack.stickers.first)
        #expect(sticker.image?.x1 == "bigblob.png")
        #expect(result.packs[0].files["bigblob.png"] == Self.png)
        #expect(
            result.notes.contains(
                "\"bigblob.webp\" is named .webp but its bytes are a PNG: taken as a PNG, saved as .png"))
    }

    @Test func aMetaJSONWithoutMetaVersionIsReadAsMisskeyReadsIt() throws {
        var meta: [String: Any] = ["emojis": [entry("blobcat", file: "blobcat.png")]]
        let url = PackFixtures.folder().appendingPathComponent("old.zip")
        try PackFixtures.zip([("meta.json", PackFixtures.json(meta)), ("blobcat.png", Self.png)], at: url)
        #expect(try importing(url, .misskey).packs.count == 1)
        meta["metaVersion"] = 3
        let newer = PackFixtures.folder().appendingPathComponent("newer.zip")
        try PackFixtures.zip([("meta.json", PackFixtures.json(meta)), ("blobcat.png", Self.png)], at: newer)
        #expect(try importing(newer, .misskey).notes.contains { $0.contains("metaVersion is 3") })
    }

    /// Mastodon takes shortcodes of up to 128 characters; a code holds as many.
    @Test func aShortcodeOf128CharactersIsACodeAnd129AreNot() throws {
        let long = String(repeating: "a", count: 128)
        let tooLong = String(repeating: "b", count: 129)
        let dir = PackFixtures.folder()
        let archive = dir.appendingPathComponent("long.tar.gz")
        PackFixtures.tarGz([("\(long).png", Self.png), ("\(tooLong).png", Self.png)], at: archive)
        let error = try #require(throws: InputError.self) { try importing(archive, .mastodon) }
        #expect(error.issues.count == 1)
        #expect(error.issues[0].message.contains("at most 128 characters between its brackets (this one has 129)"))
        let result = try importing(archive, .mastodon, ImportOptions(skipInvalid: true))
        #expect(result.packs[0].pack.stickers.map(\.tag) == ["[\(long)]"])
        let folder = dir.appendingPathComponent("packs")
        _ = try PackConversion.write(result.packs, into: folder)
        let catalog = try StickerCatalog.load(directory: folder.path)
        #expect(try HTMLRenderer(catalog: catalog).render("x[\(long)]y").contains("alt=\"[\(long)]\""))
    }

    // MARK: - Pictures named by URL

    func customEmojis(_ list: [[String: Any]], files: [(String, [UInt8])]) -> URL {
        let dir = PackFixtures.folder()
        PackFixtures.write(
            [("custom_emojis.json", PackFixtures.json(list))] + files.map { ("custom_emojis/\($0.0)", $0.1) },
            into: dir)
        return dir.appendingPathComponent("custom_emojis.json")
    }

    func emoji(_ shortcode: String, _ url: String) -> [String: Any] {
        ["shortcode": shortcode, "url": url, "static_url": url, "visible_in_picker": true, "category": NSNull()]
    }

    /// Two URLs ending in image.png, saved flat as one image.png: whose is it?
    /// Neither emoji gets it; saved with their paths, each gets its own.
    @Test func aFlatFolderWhereTwoURLsEndAlikeGivesNeitherEmojiThePicture() throws {
        let list = [
            emoji("cat", "https://i.example/emoji/1/image.png"), emoji("dog", "https://i.example/emoji/2/image.png"),
        ]
        let flat = customEmojis(list, files: [("image.png", Self.png)])
        let error = try #require(throws: InputError.self) { try importing(flat, .mastodonAPI) }
        #expect(error.issues.map(\.entry) == ["[0] :cat:", "[1] :dog:"])
        #expect(error.issues.allSatisfy { $0.message.contains("other URLs of the document end in \"image.png\" too") })
        let other = ImageBytes.png(width: 48, height: 48)
        let saved = customEmojis(list, files: [("emoji/1/image.png", Self.png), ("emoji/2/image.png", other)])
        let result = try importing(saved, .mastodonAPI)
        let files = result.packs[0].files
        #expect(files["cat.png"] == Self.png && files["dog.png"] == other)
    }

    @Test func aPercentEncodedURLIsLookedUpDecoded() throws {
        let list = [emoji("xiaoku", "https://i.example/emoji/%E7%AC%91%E5%93%AD.png")]
        let result = try importing(customEmojis(list, files: [("emoji/笑哭.png", Self.png)]), .mastodonAPI)
        #expect(result.packs[0].files["xiaoku.png"] == Self.png)
        // Decoded, a path that goes up is still refused.
        let up = [emoji("up", "https://i.example/emoji/%2E%2E/%2E%2E/secret.png")]
        let error = try #require(throws: InputError.self) {
            try importing(customEmojis(up, files: []), .mastodonAPI)
        }
        #expect(error.issues.first?.message.contains("a path that goes up (..)") == true, "\(error)")
    }

    @Test func theLimitsOfOneImportAreRaisedByItsOptions() throws {
        let list = (0..<3).map { emoji("e\($0)", "https://i.example/\($0).png") }
        let url = customEmojis(list, files: (0..<3).map { ("\($0).png", Self.png) })
        var limits = ArchiveLimits()
        limits.maxFiles = 2
        let error = try #require(throws: InputError.self) {
            try importing(url, .mastodonAPI, ImportOptions(limits: limits))
        }
        #expect(error.description.contains("3 emoji, over the limit of 2 for one import (--max-files)"))
        limits.maxFiles = 3
        #expect(try importing(url, .mastodonAPI, ImportOptions(limits: limits)).packs[0].pack.stickers.count == 3)
        limits.maxFileBytes = Self.png.count - 1
        let small = try #require(throws: InputError.self) {
            try importing(url, .mastodonAPI, ImportOptions(limits: limits))
        }
        #expect(small.issues.count == 3)
        #expect(
            small.issues[0].message.hasSuffix(
                "is \(Self.png.count) bytes, over the limit of \(Self.png.count - 1) for one file (--max-file-bytes)"))
    }

    // MARK: - Matrix

    func matrix(_ document: Any, files: [(String, [UInt8])]) -> URL {
        let dir = PackFixtures.folder()
        PackFixtures.write(
            [("state.json", PackFixtures.json(document))] + files.map { ("state/\($0.0)", $0.1) }, into: dir)
        return dir.appendingPathComponent("state.json")
    }

    @Test func aRoomsStateImportsEachImagePackEventAndPassesOverOneWithoutImages() throws {
        let state: [[String: Any]] = [
            ["type": "m.room.name", "state_key": "", "content": ["name": "Blobs"]],
            [
                "type": "im.ponies.room_emotes", "state_key": "blobs",
                "content": [
                    "images": ["blobcat": ["url": "mxc://example.org/Cat"]],
                    "pack": ["display_name": "Blobs", "attribution": "CC-BY-4.0"],
                ],
            ],
            ["type": "im.ponies.room_emotes", "state_key": "empty", "content": ["pack": ["display_name": "Nothing"]]],
            [
                "type": "m.image_pack", "state_key": "faces",
                "content": ["images": ["笑哭": ["url": "mxc://example.org/Laugh", "body": "笑哭"]]],
            ],
        ]
        // The media saved with an upper-case extension, as some clients save it.
        let url = matrix(state, files: [("Cat.PNG", Self.png), ("Laugh.png", Self.png)])
        let result = try importing(url, .matrix)
        #expect(result.packs.map(\.pack.title.zh) == ["Blobs", "pack 2"])
        #expect(result.packs[0].pack.license == "CC-BY-4.0")
        #expect(result.packs.flatMap(\.pack.stickers).map(\.tag) == ["[blobcat]", "[笑哭]"])
        #expect(
            result.notes.contains {
                $0.contains("[2] im.ponies.room_emotes \"empty\": passed over, an image pack without images")
            })
        #expect(result.notes.contains { $0.contains("m.room.name") })
    }

    @Test func aStateEventWithoutImagesIsRefusedSayingSo() throws {
        let event: [String: Any] = [
            "type": "m.image_pack", "state_key": "", "content": ["pack": ["display_name": "x"]],
        ]
        let error = try #require(throws: InputError.self) {
            try importing(matrix(event, files: []), .matrix)
        }
        #expect(
            error.description
                == "state.json: \"images\" is missing or empty: an image pack without emoji, nothing to import")
        // One whole event, as a client's "view source" shows it, imports.
        let whole: [String: Any] = [
            "type": "m.image_pack", "state_key": "", "content": ["images": ["cat": ["url": "mxc://example.org/Cat"]]],
        ]
        #expect(try importing(matrix(whole, files: [("Cat.gif", ImageBytes.gif(frames: 2))]), .matrix).packs.count == 1)
    }

    // MARK: - Slack

    @Test func slackAliasesOfAliasesAreFollowedAndStandardOnesNamedSo() throws {
        let dir = PackFixtures.folder()
        let answer: [String: Any] = [
            "ok": true,
            "emoji": [
                "squirrel": "https://emoji.slack-edge.com/T0/squirrel/f3.png", "shipit": "alias:squirrel",
                "ship_it_now": "alias:shipit", "thumbsup_all": "alias:+1", "loop_a": "alias:loop_b",
                "loop_b": "alias:loop_a",
            ],
        ]
        PackFixtures.write([("emoji.json", PackFixtures.json(answer)), ("emoji/f3.png", Self.png)], into: dir)
        let result = try importing(dir.appendingPathComponent("emoji.json"), .slack)
        let squirrel = try #require(result.packs[0].pack.stickers.first)
        #expect(squirrel.aliases == ["[ship_it_now]", "[shipit]"])
        #expect(
            result.notes.contains(
                "aliases of aliases followed to the emoji they end at: ship_it_now → shipit → squirrel"))
        #expect(result.notes.contains { $0.contains("Slack's standard emoji") && $0.contains("thumbsup_all → +1") })
        #expect(result.notes.contains { $0.contains("go round") && $0.contains("loop_a → loop_b → loop_a") })
    }

    /// A list from anyone may chain its aliases end to end: each alias is
    /// followed once, so 8 times the chain takes about 8 times as long (a
    /// walk from every alias to the end would take 64 times).
    @Test func aLongChainOfSlackAliasesIsFollowedInLinearTime() throws {
        func seconds(_ count: Int) throws -> Double {
            var emoji: [String: String] = ["e": "https://emoji.slack-edge.com/T0/e/1.png"]
            for i in 0..<count { emoji["a\(i)"] = i == 0 ? "alias:e" : "alias:a\(i - 1)" }
            let dir = PackFixtures.folder()
            PackFixtures.write(
                [("emoji.json", PackFixtures.json(["ok": true, "emoji": emoji])), ("emoji/1.png", Self.png)], into: dir)
            let start = Date()
            let result = try importing(dir.appendingPathComponent("emoji.json"), .slack)
            #expect(result.packs[0].pack.stickers[0].aliases.count == count)
            // And a packs folder takes a sticker with that many codes.
            _ = try PackConversion.write(result.packs, into: dir.appendingPathComponent("packs"))
            return Date().timeIntervalSince(start)
        }
        let (small, large) = try PackFixtures.eightfold(seconds, from: 2000)
        #expect(large / small < 24, "8x the aliases took \(large / small)x as long (\(small) s, \(large) s)")
    }
}

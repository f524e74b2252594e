import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing
import ZIPFoundation

/// The names an export gives our stickers: each kept, case and all, where
/// the target takes it; never a picture under another emoji's name; every
/// rename listed; pinyin for Chinese codes, whether the pack tools wrote it
/// or not; each target's limits of length and size stated (issue 40, items 2, 3, 5, 7).
struct PackExportNamesTests {
    func export(_ folder: URL, _ format: PackFormat, _ name: String, mediaMap: URL? = nil) throws -> (URL, PackExport) {
        let out = PackFixtures.folder().appendingPathComponent(name)
        return (
            out,
            try PackConversion.exportPacks(
                from: folder, format: format, to: out, host: "chat.example", mediaMap: mediaMap)
        )
    }

    func zipFile(_ archive: URL, _ path: String) throws -> [UInt8] {
        let zip = try Archive(url: archive, accessMode: .read)
        var bytes: [UInt8] = []
        _ = try zip.extract(try #require(zip[path])) { bytes += $0 }
        return bytes
    }

    static let blue = ImageBytes.png(width: 40, height: 40)
    static let red = ImageBytes.png(width: 50, height: 50)

    /// The issue's case: Misskey's `blobcat` and `BlobCat`, through our packs
    /// and out again: each name keeps its own picture.
    @Test func twoNamesThatDifferInCaseKeepTheirOwnPicturesWhereTheTargetTellsThemApart() throws {
        let folder = PackFixtures.packFolder([
            ("[BlobCat]", [], "BlobCat", Self.red), ("[blobcat]", [], "blobcat", Self.blue),
        ])
        let (zip, misskey) = try export(folder, .misskey, "emojis.zip")
        let meta = try #require(
            try JSONSerialization.jsonObject(with: Data(zipFile(zip, "meta.json"))) as? [String: Any])
        let entries = try #require(meta["emojis"] as? [[String: Any]])
        let byName = Dictionary(
            uniqueKeysWithValues: entries.map {
                (($0["emoji"] as! [String: Any])["name"] as! String, $0["fileName"] as! String)
            })
        #expect(Set(byName.keys) == ["BlobCat", "blobcat"])
        #expect(try zipFile(zip, byName["BlobCat"]!) == Self.red)
        #expect(try zipFile(zip, byName["blobcat"]!) == Self.blue)
        // Two files a case-blind folder could not tell apart are never both written.
        #expect(Set(byName.values.map { $0.lowercased() }).count == 2)
        #expect(!misskey.notes.contains { $0.contains("renamed") })
        // And back: the codes are ours again, each with its picture.
        let back = try PackConversion.importPacks(from: zip, format: .misskey)
        let files = back.packs[0].files
        for sticker in back.packs[0].pack.stickers {
            #expect(files[sticker.image!.x1] == (sticker.tag == "[BlobCat]" ? Self.red : Self.blue))
        }
        // Slack takes lower case only: blobcat keeps its name, BlobCat is renamed, and the note says so.
        let (json, slack) = try export(folder, .slack, "emoji.json")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let emoji = try #require(answer["emoji"] as? [String: String])
        #expect(emoji["blobcat"] == "https://chat.example/emoji/blobcat.png")
        #expect(emoji["blobcat_2"] == "https://chat.example/emoji/blobcat_2.png")
        let blue = try Data(
            contentsOf: json.deletingLastPathComponent().appendingPathComponent("emoji/emoji/blobcat.png"))
        #expect(Array(blue) == Self.blue)
        #expect(
            slack.notes.contains { $0.hasPrefix("slack: 1 codes renamed") && $0.hasSuffix("[BlobCat] → blobcat_2") })
    }

    /// tootctl finds a shortcode without case (`LOWER(shortcode) = ?`): `Blobcat` beside
    /// `blobcat` would be skipped, or, with `--overwrite`, shown with the other's picture.
    /// The second is renamed, so each picture goes under a name of its own (issue 54, item 5).
    @Test(arguments: [PackFormat.mastodon, .mastodonAPI])
    func namesThatDifferOnlyInCaseGetDistinctNamesForTootctlWhichFoldsCase(_ format: PackFormat) throws {
        let folder = PackFixtures.packFolder([
            ("[Blobcat]", [], "Blobcat", Self.red), ("[blobcat]", [], "blobcat", Self.blue),
        ])
        let (out, export) = try export(folder, format, format == .mastodon ? "e.tar.gz" : "e.json")
        let back = try PackConversion.importPacks(from: out, format: format)
        let stickers = back.packs.flatMap { pack in pack.pack.stickers.map { (pack, $0) } }
        let names = stickers.compactMap { $0.1.tag.map { String($0.dropFirst().dropLast()) } }
        #expect(Set(names.map { $0.lowercased() }).count == names.count, "\(names)")
        #expect(Set(names) == ["Blobcat", "blobcat_2"])
        for (pack, sticker) in stickers {
            #expect(pack.files[sticker.image!.x1] == (sticker.tag == "[Blobcat]" ? Self.red : Self.blue))
        }
        #expect(
            export.notes.contains { $0.contains("one name whatever its case") && $0.contains("[blobcat] → blobcat_2") })
    }

    /// Misskey's import drops, unsaid, a file whose name is off
    /// `/^[a-zA-Z0-9_]+?([a-zA-Z0-9\.]+)?$/`: `blobcat-2.png` was (issue 54, item 5).
    @Test func everyFileNameOfAMisskeyExportPassesItsImportersRule() throws {
        let folder = PackFixtures.packFolder([
            ("[BlobCat]", [], "BlobCat", Self.red), ("[blobcat]", [], "blobcat", Self.blue),
            ("[笑哭]", [], "笑哭", ImageBytes.png(width: 30, height: 30)),
        ])
        let (zip, _) = try export(folder, .misskey, "emojis.zip")
        let meta = try #require(
            try JSONSerialization.jsonObject(with: Data(zipFile(zip, "meta.json"))) as? [String: Any])
        let names = try #require(meta["emojis"] as? [[String: Any]]).compactMap { $0["fileName"] as? String }
        #expect(names.count == 3)
        let rule = try Regex("^[a-zA-Z0-9_]+?([a-zA-Z0-9\\.]+)?$")
        for name in names { #expect(name.wholeMatch(of: rule) != nil, "\(name)") }
        #expect(Set(names.map { $0.lowercased() }).count == 3)
    }

    /// An ASCII name the sticker has by right is never displaced by one
    /// made from another sticker's pinyin: `[ku]` keeps `ku`, `[酷]` is `ku_2`.
    @Test func aCodeThatIsItsOwnNameComesBeforeAnotherStickersPinyin() throws {
        let folder = PackFixtures.packFolder([("[酷]", [], "酷", Self.red), ("[ku]", [], "ku", Self.blue)])
        let (out, export) = try export(folder, .pleroma, "p.zip")
        let pack = try #require(
            try JSONSerialization.jsonObject(with: Data(zipFile(out, "pack.json"))) as? [String: Any])
        let files = try #require(pack["files"] as? [String: String])
        #expect(try zipFile(out, files["ku"]!) == Self.blue)
        #expect(try zipFile(out, files["ku_2"]!) == Self.red)
        #expect(export.notes.contains { $0.contains("[酷] → ku_2") })
    }

    /// A Chinese pack imported by the Swift CLI alone (no Python step) has
    /// its pinyin, and exports as xiaoku.png; so does one without any keys.
    @Test func anImportedChinesePackExportsItsCodesByTheirPinyin() throws {
        let dir = PackFixtures.folder()
        let content: [String: Any] = [
            "images": [
                "笑哭": ["url": "mxc://example.org/Laugh", "body": "笑哭"],
                "绿帽": ["url": "mxc://example.org/Hat", "body": "绿帽"],
            ]
        ]
        PackFixtures.write(
            [("faces.json", PackFixtures.json(content)), ("faces/Laugh.png", Self.red), ("faces/Hat.png", Self.blue)],
            into: dir)
        let imported = try PackConversion.importPacks(from: dir.appendingPathComponent("faces.json"), format: .matrix)
        let laugh = try #require(imported.packs[0].pack.stickers.first { $0.tag == "[笑哭]" })
        #expect(laugh.pinyin == "xiaoku" && laugh.initials == "xk")
        let folder = dir.appendingPathComponent("packs")
        _ = try PackConversion.write(imported.packs, into: folder)
        // The search keys the import wrote find it, as the pack tools' would.
        let catalog = try StickerCatalog.load(directory: folder.path)
        let found = try #require(try catalog.search("xk").first)
        #expect(catalog.packs[found.packIndex].stickers[found.stickerIndex].tag == "[笑哭]")
        let (archive, export) = try export(folder, .mastodon, "faces.tar.gz")
        #expect(PackFixtures.tarNames(archive) == ["lvmao.png", "xiaoku.png"])
        #expect(export.notes.contains { $0.contains("[笑哭] → xiaoku") && $0.contains("[绿帽] → lvmao") })
        // Without search keys in pack.json (a pack written by hand), the names are the same.
        let bare = PackFixtures.packFolder([("[笑哭]", [], "笑哭", Self.red), ("[绿帽]", [], "绿帽", Self.blue)])
        let (bareArchive, _) = try self.export(bare, .mastodon, "bare.tar.gz")
        #expect(PackFixtures.tarNames(bareArchive) == ["lvmao.png", "xiaoku.png"])
    }

    /// Mastodon takes 128 characters, Slack's names are kept to 100, Matrix
    /// takes 100 bytes (33 Chinese characters): each export states its limit
    /// when it renames.
    @Test func eachTargetsLengthLimitRenamesALongCodeAndSaysSo() throws {
        let ascii = String(repeating: "a", count: 120)
        let chinese = String(repeating: "笑", count: 40)
        let folder = PackFixtures.packFolder([
            ("[\(ascii)]", [], "长", Self.red), ("[\(chinese)]", [], chinese, Self.blue),
        ])
        let (_, mastodon) = try export(folder, .mastodonAPI, "m.json")
        #expect(!mastodon.notes.contains { $0.contains("[\(ascii)] →") })
        let (_, slack) = try export(folder, .slack, "s.json")
        #expect(
            slack.notes.contains {
                $0.contains("lower-case letters, digits and _, at most 100 characters")
                    && $0.contains("[\(ascii)] → \(String(repeating: "a", count: 100))")
            })
        let (out, matrix) = try export(folder, .matrix, "x.json")
        let content = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let names = try #require((content["images"] as? [String: Any])?.keys)
        #expect(names.contains(String(repeating: "笑", count: 33)))
        #expect(matrix.notes.contains { $0.contains("at most 100 bytes") })
    }

    /// Mastodon refuses a custom emoji of 256 KB or more, Slack of 128 KB:
    /// the export says which pictures will not go in.
    @Test func anExportWarnsOfPicturesOverTheTargetsSizeLimit() throws {
        var big = ImageBytes.png(width: 48, height: 48)
        let padding = [UInt8](repeating: 0x20, count: 200_000)
        let chunk = [UInt8]([0x00, 0x03, 0x0D, 0x40]) + Array("tEXt".utf8) + padding + [0, 0, 0, 0]
        big.insert(contentsOf: chunk, at: big.count - 12)
        let folder = PackFixtures.packFolder([("[big]", [], "big", big), ("[small]", [], "small", Self.red)])
        let (_, mastodon) = try export(folder, .mastodon, "m.tar.gz")
        #expect(!mastodon.notes.contains { $0.contains("KB or more") })
        let (_, slack) = try export(folder, .slack, "s.json")
        #expect(
            slack.notes.contains(
                "slack: 1 pictures of 128 KB or more, over Slack's limit for a custom emoji, which it will refuse: [big] (\(big.count) bytes)"
            ))
        big.insert(contentsOf: chunk, at: big.count - 12)
        let bigger = PackFixtures.packFolder([("[big]", [], "big", big)])
        let (_, again) = try export(bigger, .mastodon, "m2.tar.gz")
        #expect(
            again.notes.contains {
                $0.hasPrefix(
                    "mastodon: 1 pictures of 256 KB or more, over Mastodon's limit for a custom emoji (MAX_EMOJI_SIZE)")
            })
        let (_, pleroma) = try export(bigger, .pleroma, "p.zip")
        #expect(pleroma.notes.contains { $0.contains("MAX_REMOTE_EMOJI_SIZE") })
        let (_, misskey) = try export(bigger, .misskey, "k.zip")
        #expect(!misskey.notes.contains { $0.contains("KB or more") })
    }

    /// Slack refuses a custom emoji or alias named as one of its standard
    /// emoji: [heart] is renamed, the alias [smile] left out, both told.
    @Test func aSlackExportKeepsOffSlacksOwnEmojiNames() throws {
        let folder = PackFixtures.packFolder([("[heart]", ["[smile]", "[grin_cat]"], "心", Self.red)])
        let (out, export) = try export(folder, .slack, "emoji.json")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let emoji = try #require(answer["emoji"] as? [String: String])
        #expect(emoji == ["heart_2": "https://chat.example/emoji/heart_2.png", "grin_cat": "alias:heart_2"])
        #expect(export.notes.contains { $0.contains("[heart] → heart_2") })
        #expect(
            export.notes.contains("slack: aliases left out, Slack's own standard emoji have these names: heart, smile"))
    }

    /// Upload the pictures, map what the homeserver gave them, export again:
    /// the content names the real mxc:// URLs, and imports back.
    @Test func aMatrixExportTakesTheMxcURLsOfAMediaMap() throws {
        let folder = PackFixtures.packFolder([("[笑哭]", [], "笑哭", Self.red), ("[doge]", [], "狗头", Self.blue)])
        let map = PackFixtures.folder().appendingPathComponent("media.json")
        try Data(
            PackFixtures.json([
                "笑哭": "mxc://matrix.example/RealLaugh", "p-2.png": "mxc://matrix.example/RealDoge",
                "gone": "mxc://matrix.example/X",
            ])
        ).write(to: map)
        let (out, export) = try export(folder, .matrix, "p.json", mediaMap: map)
        let content = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let images = try #require(content["images"] as? [String: [String: Any]])
        #expect(images["笑哭"]?["url"] as? String == "mxc://matrix.example/RealLaugh")
        #expect(images["doge"]?["url"] as? String == "mxc://matrix.example/RealDoge")
        #expect(export.notes.contains("matrix: media map entries that name no exported emoji: gone"))
        let back = try PackConversion.importPacks(from: out, format: .matrix)
        #expect(back.packs[0].files.values.contains(Self.red) && back.packs[0].files.values.contains(Self.blue))
        // Without an entry, a made-up URL, listed; a map entry that is no mxc:// URL is refused.
        try Data(PackFixtures.json(["笑哭": "mxc://matrix.example/RealLaugh"])).write(to: map)
        #expect(
            try self.export(folder, .matrix, "q.json", mediaMap: map).1.notes.contains {
                $0.contains("made-up") && $0.contains("doge (p-2.png)")
            })
        try Data(PackFixtures.json(["笑哭": "https://matrix.example/x"])).write(to: map)
        let error = try #require(throws: InputError.self) {
            try self.export(folder, .matrix, "r.json", mediaMap: map)
        }
        #expect(
            error.description.hasPrefix(
                "media.json: 笑哭: \"https://matrix.example/x\" is not an mxc://server/media-id URL"))
    }
}

import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing
import ZIPFoundation

/// What a picker hides and what it searches by, carried both ways where the
/// format has them: Mastodon's `visible_in_picker: false` (tootctl's
/// `--unlisted`) as a sticker's `unlisted`, Misskey's aliases as codes or
/// search keywords and back. Before, hidden emoji came in visible and an
/// alias two emoji shared never went back (issue 54, item 5).
struct UnlistedAndAliasesTests {
    static let png = ImageBytes.png(width: 32, height: 32)

    func customEmojis() -> URL {
        let dir = PackFixtures.folder()
        let list: [[String: Any]] = [("blobcat", true), ("secret", false)].map { name, visible in
            [
                "shortcode": name, "url": "https://m.example/\(name).png",
                "static_url": "https://m.example/\(name).png",
                "visible_in_picker": visible, "category": NSNull(),
            ]
        }
        PackFixtures.write(
            [("m.json", PackFixtures.json(list)), ("m/blobcat.png", Self.png), ("m/secret.png", Self.png)], into: dir)
        return dir.appendingPathComponent("m.json")
    }

    /// `visible_in_picker` of each shortcode of a custom_emojis document.
    func visibility(_ url: URL) throws -> [String: Bool] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: list.map { ($0["shortcode"] as! String, $0["visible_in_picker"] as! Bool) })
    }

    @Test func anEmojiHiddenFromMastodonsPickerComesInUnlistedAndGoesBackHidden() throws {
        let imported = try PackConversion.importPacks(from: customEmojis(), format: .mastodonAPI)
        #expect(imported.packs[0].pack.stickers.map(\.unlisted) == [false, true])
        let folder = PackFixtures.folder().appendingPathComponent("packs")
        _ = try PackConversion.write(imported.packs, into: folder)
        let loaded = try StickerCatalog.load(directory: folder.path)
        #expect(loaded.packs[0].stickers.map(\.unlisted) == [false, true])
        // The code still renders, as Mastodon's does.
        #expect(try HTMLRenderer(catalog: loaded).render("[secret]").contains("<img"))
        let out = PackFixtures.folder().appendingPathComponent("back.json")
        _ = try PackConversion.exportPacks(from: folder, format: .mastodonAPI, to: out)
        #expect(try visibility(out) == ["blobcat": true, "secret": false])
        // tootctl's archive has no room for it: the note names the emoji to import with --unlisted.
        let archive = PackFixtures.folder().appendingPathComponent("e.tar.gz")
        let export = try PackConversion.exportPacks(from: folder, format: .mastodon, to: archive)
        #expect(export.notes.contains { $0.contains("tootctl emoji import --unlisted") && $0.hasSuffix(": secret") })
    }

    @Test func unlistedMarksEveryImportedStickerAsTootctlsFlagDoes() throws {
        let imported = try PackConversion.importPacks(
            from: customEmojis(), format: .mastodonAPI, options: .init(unlisted: true))
        #expect(imported.packs[0].pack.stickers.allSatisfy { $0.unlisted })
    }

    @Test func anAliasTwoMisskeyEmojiShareGoesBackToBoth() throws {
        let meta: [String: Any] = [
            "metaVersion": 2,
            "emojis": [
                ["fileName": "blobcat.png", "downloaded": true, "emoji": ["name": "blobcat", "aliases": ["cat"]]],
                [
                    "fileName": "blobdog.png", "downloaded": true,
                    "emoji": ["name": "blobdog", "aliases": ["cat", "dog"]],
                ],
            ],
        ]
        let source = PackFixtures.folder().appendingPathComponent("emojis.zip")
        try PackFixtures.zip(
            [("meta.json", PackFixtures.json(meta)), ("blobcat.png", Self.png), ("blobdog.png", Self.png)], at: source)
        let imported = try PackConversion.importPacks(from: source, format: .misskey)
        let folder = PackFixtures.folder().appendingPathComponent("packs")
        _ = try PackConversion.write(imported.packs, into: folder)
        let out = PackFixtures.folder().appendingPathComponent("back.zip")
        _ = try PackConversion.exportPacks(from: folder, format: .misskey, to: out)
        let archive = try Archive(url: out, accessMode: .read)
        var bytes: [UInt8] = []
        _ = try archive.extract(try #require(archive["meta.json"])) { bytes += $0 }
        let back = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let aliases = Dictionary(
            uniqueKeysWithValues: try #require(back["emojis"] as? [[String: Any]]).map {
                let emoji = $0["emoji"] as! [String: Any]
                return (emoji["name"] as! String, Set(emoji["aliases"] as! [String]))
            })
        #expect(aliases == ["blobcat": ["cat"], "blobdog": ["cat", "dog"]])
    }
}

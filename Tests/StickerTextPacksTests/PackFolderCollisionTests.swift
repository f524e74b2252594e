import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// An import into a packs folder that has codes of its own: resolved as
/// tootctl's flags say (skip with a note, `--overwrite`, `--prefix`,
/// `--suffix`), and an alias the folder has kept as a search keyword.
struct PackFolderCollisionTests {
    static let png = ImageBytes.png(width: 64, height: 64)
    static let other = ImageBytes.png(width: 48, height: 48)

    /// A packs folder with the repository's weibo pack and a pack `blobs`
    /// holding `[blobcat]` (alias `[cat]`) and `[blobdog]`.
    func packsFolder() throws -> URL {
        let folder = PackFixtures.packs(["weibo"])
        let zip = folder.deletingLastPathComponent().appendingPathComponent("blobs.zip")
        let pack: [String: Any] = ["files": ["blobcat": "blobcat.png", "blobdog": "blobdog.png"], "pack": [:]]
        try PackFixtures.zip(
            [("pack.json", PackFixtures.json(pack)), ("blobcat.png", Self.png), ("blobdog.png", Self.png)], at: zip)
        var imported = try PackConversion.importPacks(from: zip, format: .pleroma)
        imported.packs[0].pack.stickers[0].aliases = ["[cat]"]
        _ = try PackConversion.write(imported.packs, into: folder)
        return folder
    }

    /// Misskey's export of `blobcat` (another picture) and `weixiao`, whose
    /// alias `smile` is weibo's [微笑]'s alias already.
    func misskeyExport() throws -> URL {
        let meta: [String: Any] = [
            "metaVersion": 2,
            "emojis": [
                ["fileName": "blobcat.png", "downloaded": true, "emoji": ["name": "blobcat", "aliases": ["neko"]]],
                ["fileName": "weixiao.png", "downloaded": true, "emoji": ["name": "weixiao", "aliases": ["smile"]]],
            ],
        ]
        let url = PackFixtures.folder().appendingPathComponent("custom-emojis.zip")
        try PackFixtures.zip(
            [("meta.json", PackFixtures.json(meta)), ("blobcat.png", Self.other), ("weixiao.png", Self.other)], at: url)
        return url
    }

    func picture(_ catalog: StickerCatalog, _ folder: URL, _ code: String) throws -> [UInt8]? {
        guard let (pack, sticker) = owner(catalog, code), let image = sticker.image else { return nil }
        return Array(try Data(contentsOf: folder.appendingPathComponent("\(pack.id)/\(image.x1)")))
    }

    func owner(_ catalog: StickerCatalog, _ code: String) -> (StickerPack, Sticker)? {
        guard let entry = catalog.entry(forCode: code) else { return nil }
        let pack = catalog.packs[entry.packIndex]
        return (pack, pack.stickers[entry.stickerIndex])
    }

    @Test func anAliasTheFolderHasBecomesAKeywordAndACodeItHasIsSkippedWithANote() throws {
        let folder = try packsFolder()
        let imported = try PackConversion.importPacks(
            from: try misskeyExport(), format: .misskey, options: ImportOptions(id: "mk"))
        let written = try PackConversion.write(imported.packs, into: folder)
        let catalog = try StickerCatalog.load(directory: folder.path)
        // [weixiao] is in, [smile] still weibo's, and "smile" finds weixiao too.
        let weixiao = try #require(owner(catalog, "[weixiao]")?.1)
        #expect(weixiao.aliases.isEmpty && weixiao.keywords == ["smile"])
        #expect(owner(catalog, "[smile]")?.0.id == "weibo")
        // [blobcat] stays the folder's, picture and all.
        #expect(owner(catalog, "[blobcat]")?.0.id == "blobs")
        #expect(try picture(catalog, folder, "[blobcat]") == Self.png)
        #expect(written.packs[0].stickers.map(\.tag) == ["[weixiao]"])
        #expect(written.notes.contains { $0.contains("skipped 1") && $0.contains("[blobcat] (blobs [blobcat])") })
        #expect(written.notes.contains { $0.contains("kept as search keywords: [smile] (weibo's)") })
    }

    @Test func overwriteGivesTheCodeToTheImportedStickerAndTakesItFromTheFolders() throws {
        let folder = try packsFolder()
        let imported = try PackConversion.importPacks(
            from: try misskeyExport(), format: .misskey, options: ImportOptions(id: "mk"))
        let written = try PackConversion.write(imported.packs, into: folder, collisions: .overwrite)
        let catalog = try StickerCatalog.load(directory: folder.path)
        #expect(owner(catalog, "[blobcat]")?.0.id == "mk")
        #expect(try picture(catalog, folder, "[blobcat]") == Self.other)
        // The folder's [blobcat] is gone with its alias; [blobdog] stays, now the cover.
        #expect(catalog.entry(forCode: "[cat]") == nil)
        let blobs = try #require(catalog.packs.first { $0.id == "blobs" })
        #expect(blobs.stickers.map(\.tag) == ["[blobdog]"] && blobs.cover == "[blobdog]")
        #expect(written.notes.contains { $0.contains("overwritten (--overwrite): [blobcat] (was blobs [blobcat])") })
        // An alias is never overwritten: [smile] stays weibo's.
        #expect(owner(catalog, "[smile]")?.0.id == "weibo")
    }

    @Test func aPackLeftWithoutStickersIsNotWrittenAndOneEmptiedByOverwriteGoes() throws {
        let folder = try packsFolder()
        let zip = folder.deletingLastPathComponent().appendingPathComponent("again.zip")
        let pack: [String: Any] = ["files": ["blobcat": "blobcat.png", "blobdog": "blobdog.png"], "pack": [:]]
        try PackFixtures.zip(
            [("pack.json", PackFixtures.json(pack)), ("blobcat.png", Self.other), ("blobdog.png", Self.other)], at: zip)
        let again = try PackConversion.importPacks(from: zip, format: .pleroma)
        let skipped = try PackConversion.write(again.packs, into: folder)
        #expect(skipped.packs.isEmpty && skipped.files.isEmpty)
        #expect(skipped.notes.contains("again: not written, none of its stickers left"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("again").path))
        let overwritten = try PackConversion.write(again.packs, into: folder, collisions: .overwrite)
        #expect(overwritten.notes.contains("blobs: removed from the packs folder, --overwrite took all its stickers"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("blobs").path))
        let catalog = try StickerCatalog.load(directory: folder.path)
        #expect(owner(catalog, "[blobdog]")?.0.id == "again")
    }

    @Test func aPrefixOrSuffixMakesEveryShortcodeNewAsTootctlsDo() throws {
        let folder = try packsFolder()
        let imported = try PackConversion.importPacks(
            from: try misskeyExport(), format: .misskey, options: ImportOptions(id: "mk", prefix: "mk_", suffix: "2"))
        let written = try PackConversion.write(imported.packs, into: folder)
        #expect(written.packs[0].stickers.map(\.tag) == ["[mk_blobcat2]", "[mk_weixiao2]"])
        let catalog = try StickerCatalog.load(directory: folder.path)
        #expect(try picture(catalog, folder, "[mk_blobcat2]") == Self.other)
        #expect(try picture(catalog, folder, "[blobcat]") == Self.png)
    }
}

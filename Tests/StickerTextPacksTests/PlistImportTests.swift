import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// The iOS originals' plists imported as every other format is (issue 40):
/// their images read from the plist's folder, the codes the packs folder has
/// resolved as tootctl's flags say, and every missing image named at once,
/// nothing written. (Before, the CLI wrote the pack straight into the folder:
/// LXWeibo's [哈哈] beside weibo's made a packs folder the server refuses.)
struct PlistImportTests {
    /// A copy of a plist fixture in a new folder, with a picture of its own
    /// (a PNG of a width told by its position) for each image file it names,
    /// less `missing`.
    func plistWithImages(_ fixture: String, format: PackImporter.Format, missing: Set<String> = []) throws -> URL {
        let source = repositoryFile("Tests/StickerTextPacksTests/Fixtures/\(fixture)")
        let folder = PackFixtures.folder()
        let plist = folder.appendingPathComponent(source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: plist)
        let packs = try PackImporter.importPacks(
            Data(contentsOf: plist), format: format, file: "x", id: "x", title: .init(zh: "x", en: "x"))
        var names: [String] = []
        for sticker in packs.flatMap(\.stickers) {
            for name in [sticker.image?.x1, sticker.image?.x2, sticker.image?.x3].compactMap({ $0 })
            where !names.contains(name) {
                names.append(name)
            }
        }
        PackFixtures.write(
            names.enumerated().filter { !missing.contains($0.element) }.map {
                ($0.element, ImageBytes.png(width: 30 + $0.offset, height: 30))
            }, into: folder)
        return plist
    }

    func catalog(_ folder: URL) throws -> StickerCatalog { try StickerCatalog.load(directory: folder.path) }

    func owner(_ catalog: StickerCatalog, _ code: String) -> String? {
        catalog.entry(forCode: code).map { catalog.packs[$0.packIndex].id }
    }

    @Test func aPlistImportReadsItsImagesFromItsFolderAndWritesAPackThatLoads() throws {
        let plist = try plistWithImages("ppsticker/InnerStickersInfo.plist", format: .ppsticker)
        let imported = try PackConversion.importPacks(from: plist, format: .ppsticker, options: .init(id: "pp"))
        #expect(imported.packs.map(\.pack.id) == ["pp-1", "pp-2"])
        let out = PackFixtures.folder()
        let written = try PackConversion.write(imported.packs, into: out)
        #expect(written.packs.map(\.stickers.count) == [29, 6])
        let loaded = try catalog(out)
        #expect(owner(loaded, "[拜拜]") == "pp-1")
        // The 3x picture is the file beside the plist, byte for byte.
        let baibai = try #require(loaded.packs[0].stickers.first { $0.tag == "[拜拜]" }?.image)
        #expect(
            try Data(contentsOf: out.appendingPathComponent("pp-1/\(baibai.x3)"))
                == Data(contentsOf: plist.deletingLastPathComponent().appendingPathComponent("baibai@3x.png")))
    }

    /// LXWeibo's default faces into a packs folder with the weibo pack: the
    /// faces both have are weibo's still (skipped, with a note naming each),
    /// a traditional alias weibo has becomes a keyword, and the folder loads.
    @Test func aPlistsCodesThePacksFolderHasAreSkippedWithANoteAndTheFolderLoads() throws {
        let plist = try plistWithImages("lxweibo/default.plist", format: .lxweibo)
        let folder = PackFixtures.packs(["weibo"])
        let imported = try PackConversion.importPacks(from: plist, format: .lxweibo, options: .init(id: "lx"))
        let written = try PackConversion.write(imported.packs, into: folder)
        let loaded = try catalog(folder)
        #expect(owner(loaded, "[哈哈]") == "weibo")
        #expect(owner(loaded, "[马到成功]") == "lx")
        #expect(written.notes.contains { $0.contains("[哈哈] (weibo [哈哈])") })
        let lx = try #require(loaded.packs.first { $0.id == "lx" })
        #expect(lx.stickers.count < 99 && lx.stickers.allSatisfy { owner(loaded, $0.tag!) == "lx" })
    }

    @Test func overwriteAndPrefixResolveAPlistsCodesAsTheyDoForEveryFormat() throws {
        let plist = try plistWithImages("lxweibo/default.plist", format: .lxweibo)
        let prefixed = PackFixtures.packs(["weibo"])
        let withPrefix = try PackConversion.importPacks(
            from: plist, format: .lxweibo, options: .init(id: "lx", prefix: "lx_"))
        let written = try PackConversion.write(withPrefix.packs, into: prefixed)
        #expect(written.packs[0].stickers.count == 99)
        let loaded = try catalog(prefixed)
        #expect(owner(loaded, "[lx_哈哈]") == "lx" && owner(loaded, "[哈哈]") == "weibo")
        // --overwrite: the folder's [哈哈] goes to the imported sticker.
        let overwritten = PackFixtures.packs(["weibo"])
        let plain = try PackConversion.importPacks(from: plist, format: .lxweibo, options: .init(id: "lx"))
        let taken = try PackConversion.write(plain.packs, into: overwritten, collisions: .overwrite)
        #expect(taken.notes.contains { $0.contains("[哈哈] (was weibo [哈哈])") })
        #expect(owner(try catalog(overwritten), "[哈哈]") == "lx")
    }

    @Test func everyMissingImageIsNamedAtOnceAndNothingIsWrittenUnlessSkipInvalid() throws {
        let plist = try plistWithImages(
            "lxweibo/default.plist", format: .lxweibo, missing: ["d_madaochenggong.png", "d_haha.png"])
        let error = try #require(throws: InputError.self) {
            try PackConversion.importPacks(from: plist, format: .lxweibo, options: .init(id: "lx"))
        }
        let said = error.issues.map(\.description)
        #expect(error.issues.count == 2)
        #expect(
            said.contains {
                $0.contains("default.plist: lx stickers[0] [马到成功]: its image \"d_madaochenggong.png\" is not in")
            })
        #expect(said.contains { $0.contains("[哈哈]: its image \"d_haha.png\" is not in") })
        let skipping = try PackConversion.importPacks(
            from: plist, format: .lxweibo, options: .init(id: "lx", skipInvalid: true))
        #expect(skipping.packs[0].pack.stickers.count == 97)
        #expect(skipping.skipped.count == 2)
        #expect(skipping.notes.contains { $0.hasPrefix("skipped 2 of 99 stickers (--skip-invalid)") })
        let out = PackFixtures.folder()
        _ = try PackConversion.write(skipping.packs, into: out)
        #expect(try catalog(out).packs[0].stickers.count == 97)
    }

    @Test func anEmojiPlistNeedsNoImages() throws {
        let plist = try plistWithImages("lxweibo/emoji.plist", format: .lxweibo)
        let imported = try PackConversion.importPacks(from: plist, format: .lxweibo, options: .init(id: "lxemoji"))
        #expect(imported.packs[0].pack.kind == .emoji && imported.packs[0].files.isEmpty)
        let out = PackFixtures.folder()
        _ = try PackConversion.write(imported.packs, into: out)
        #expect(try catalog(out).packs[0].stickers.count == 80)
    }
}

import Foundation
import StickerText
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// Imports the real plists of the iOS originals (copied from shared/fixtures).
struct ImportTests {
    func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: repositoryFile("Tests/StickerTextPacksTests/Fixtures/\(path)"))
    }

    @Test func ppstickerPlist() throws {
        let packs = try PackImporter.importPacks(
            fixture("ppsticker/InnerStickersInfo.plist"), format: .ppsticker,
            file: "InnerStickersInfo.plist", id: "pp", title: .init(zh: "PP", en: "PP"))
        // The file holds two packs: doge's 29 stickers and xiaohaha's 6.
        let pack = try #require(packs.first)
        #expect(packs.map(\.id) == ["pp-1", "pp-2"])
        #expect(packs.map(\.stickers.count) == [29, 6])
        #expect(pack.kind == .image)
        let first = pack.stickers[0]
        #expect(first.tag == "[拜拜]")
        #expect(first.image?.x2 == "baibai@2x.png")
        #expect(first.image?.x3 == "baibai@3x.png")
        #expect(pack.cover == pack.stickers.first { $0.image?.x2 == "doge@2x.png" }?.tag)
        // The imported pack is a valid catalog on its own.
        #expect(try StickerCatalog(packs: packs).entry(forCode: "[拜拜]") != nil)
    }

    @Test func lxweiboPictureStickersTurnTraditionalTagsIntoAliases() throws {
        let packs = try PackImporter.importPacks(
            fixture("lxweibo/default.plist"), format: .lxweibo,
            file: "default.plist", id: "lx", title: .init(zh: "默认", en: "Default"))
        let pack = try #require(packs.first)
        #expect(pack.kind == .image)
        #expect(pack.stickers.count == 99)
        let horse = try #require(pack.stickers.first { $0.tag == "[马到成功]" })
        #expect(horse.aliases == ["[馬到成功]"])
        #expect(horse.image?.x1 == "d_madaochenggong.png")
        // Searchable by pinyin without the pack tools: keys from the Swift pinyin table.
        #expect(horse.pinyin == "madaochenggong" && horse.initials == "mdcg")
        // Where chs and cht are the same there is no alias.
        #expect(pack.stickers.first { $0.tag == "[吃元宵]" }?.aliases == [])
        // The traditional tag renders (the original never did).
        let html = try HTMLRenderer(catalog: StickerCatalog(packs: packs)).render("[馬到成功]")
        #expect(html.contains(#"alt="[馬到成功]""#))
    }

    @Test func lxweiboEmojiBecomeAnEmojiPack() throws {
        let packs = try PackImporter.importPacks(
            fixture("lxweibo/emoji.plist"), format: .lxweibo,
            file: "emoji.plist", id: "lxemoji", title: .init(zh: "Emoji", en: "Emoji"))
        let pack = try #require(packs.first)
        #expect(pack.kind == .emoji)
        #expect(pack.stickers.count == 80)
        #expect(pack.stickers.first?.emoji == "😃")
        #expect(pack.cover == "😃")
    }

    @Test func lxhPlistImports() throws {
        let packs = try PackImporter.importPacks(
            fixture("lxweibo/lxh.plist"), format: .lxweibo,
            file: "lxh.plist", id: "lxh", title: .init(zh: "浪小花", en: "LXH"))
        #expect(packs.first?.stickers.count == 40)
    }

    @Test func wrongFormatNamesTheFileAndEntry() throws {
        #expect {
            _ = try PackImporter.importPacks(
                fixture("lxweibo/default.plist"), format: .ppsticker, file: "default.plist",
                id: "x", title: .init(zh: "x", en: "x"))
        } throws: { error in
            let issues = (error as? InputError)?.issues ?? []
            return issues.first?.file == "default.plist" && issues.first?.entry == "[0]"
        }
    }

    @Test func notAPlist() {
        #expect(throws: InputError.self) {
            _ = try PackImporter.importPacks(
                Data("hello".utf8), format: .lxweibo, file: "x.plist", id: "x", title: .init(zh: "x", en: "x"))
        }
    }

    @Test func pngSizeReadsIHDR() throws {
        let png = try Data(contentsOf: repositoryFile("public/stickers/weibo/smile@3x.png"))
        let size = try #require(PackImporter.pngSize(png))
        #expect(size.width == 96 && size.height == 96)
        #expect(PackImporter.pngSize(Data("nope".utf8)) == nil)
    }
}

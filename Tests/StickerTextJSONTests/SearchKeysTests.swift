import Foundation
import StickerTextJSON
import Testing

@testable import StickerText

/// The search keys in packs: read and written with pack.json, checked by
/// validation. (The ranking is the conformance corpus's: search.json.)
struct SearchKeysTests {
    func sticker(pinyin: String? = "xiaoku", initials: String? = "xk", keywords: [String] = []) -> Sticker {
        Sticker(
            tag: "[笑哭]", name: LocalizedName(zh: "笑哭", en: "laughing to tears"),
            image: StickerImage(x1: "a.png", x2: "a.png", x3: "a.png", width: 32, height: 32),
            pinyin: pinyin, initials: initials, keywords: keywords)
    }

    func problems(_ sticker: Sticker) -> [String] {
        do {
            _ = try StickerCatalog(packs: [
                StickerPack(
                    id: "p", title: .init(zh: "p", en: "p"), cover: "[笑哭]",
                    kind: .image, stickers: [sticker])
            ])
            return []
        } catch {
            return error.issues.map(\.message)
        }
    }

    @Test func pinyinInitialsAndKeywordsGoThroughPackJSONUnchanged() throws {
        let pack = StickerPack(
            id: "p", title: .init(zh: "p", en: "p"), cover: "[笑哭]", kind: .image,
            stickers: [sticker(keywords: ["笑死", "xswl"])])
        #expect(try StickerPack(packJSON: pack.packJSON) == pack)
    }

    @Test func aStickerWithoutKeysIsValid() {
        #expect(problems(sticker(pinyin: nil, initials: nil)) == [])
    }

    @Test(arguments: [
        (Optional("xiaoku"), Optional<String>.none, "pinyin without initials: give both or neither"),
        (nil, "xk", "initials without pinyin: give both or neither"),
        ("XiaoKu", "xk", "pinyin \"XiaoKu\" must be 1–200 lowercase ASCII letters a-z"),
        ("xiǎokū", "xk", "pinyin \"xiǎokū\" must be 1–200 lowercase ASCII letters a-z"),
        ("xiaoku", "x k", "initials \"x k\" must be 1–200 lowercase ASCII letters a-z"),
        ("xiaoku", "", "initials \"\" must be 1–200 lowercase ASCII letters a-z"),
        ("xiaoku", "kx", "initials \"kx\" are not the initials of pinyin \"xiaoku\""),
    ])
    func badPinyinOrInitialsAreNamed(_ pinyin: String?, _ initials: String?, _ message: String) {
        #expect(problems(sticker(pinyin: pinyin, initials: initials)) == [message])
    }

    @Test func keywordsMustBeFoldedShortAndDistinct() {
        #expect(
            problems(sticker(keywords: ["Dog"])) == ["keyword \"Dog\" must be written as searches fold it: \"dog\""])
        #expect(
            problems(sticker(keywords: ["ｄｏｇ"])) == ["keyword \"ｄｏｇ\" must be written as searches fold it: \"dog\""])
        #expect(problems(sticker(keywords: [""])) == ["keyword \"\" must be 1–64 characters"])
        #expect(problems(sticker(keywords: ["dog", "dog"])) == ["duplicate keyword \"dog\""])
        #expect(problems(sticker(keywords: [String(repeating: "a", count: 65)])).count == 1)
    }

    @Test func everyDefaultStickerWithAHanNameHasItsPinyin() {
        let han = { (s: String) in s.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }
        let missing = StickerCatalog.default.packs.flatMap(\.stickers).filter { han($0.name.zh) && $0.pinyin == nil }
        #expect(missing.map(\.name.zh) == [])
    }

    @Test func theFoldIsNFKCThenEachScalarsOwnLowercase() {
        #expect(String(String.UnicodeScalarView(SearchFolding.fold("ＤｏｇｅⅣ\u{3000}ΣΑΣ"))) == "dogeiv σασ")
        #expect(SearchFolding.query("  [xk] ") == Array("xk".unicodeScalars))
        #expect(SearchFolding.query("[") == [])
    }
}

import Foundation
import StickerText
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// The pinyin table of the Swift import (tools/generate-pinyin-table.py,
/// from pypinyin): each character read alone, in its most common reading,
/// agrees with the search keys the pack tools wrote with pypinyin's phrases,
/// except where a word reads a character otherwise.
struct PinyinTableTests {
    @Test func theImportsKeysAgreeWithThePackToolsForEveryDefaultStickerButTwoPhraseReadings() throws {
        let named = StickerCatalog.default.packs.flatMap(\.stickers).filter { $0.pinyin != nil }
        #expect(named.count > 200)
        // Each name as the body of a Matrix image, the import's only source of it.
        var images: [String: Any] = [:]
        var files: [(String, [UInt8])] = []
        for (i, sticker) in named.enumerated() {
            images["s\(i)"] = ["url": "mxc://example.org/m\(i)", "body": sticker.name.zh]
            files.append(("names/m\(i).png", ImageBytes.png(width: 8, height: 8)))
        }
        let dir = PackFixtures.folder()
        PackFixtures.write([("names.json", PackFixtures.json(["images": images]))] + files, into: dir)
        let imported = try PackConversion.importPacks(from: dir.appendingPathComponent("names.json"), format: .matrix)
        let keys = Dictionary(
            uniqueKeysWithValues: imported.packs[0].pack.stickers.map { ($0.tag!, ($0.pinyin, $0.initials)) })
        var differ: [String] = []
        for (i, sticker) in named.enumerated() {
            let (pinyin, initials) = try #require(keys["[s\(i)]"])
            if pinyin != sticker.pinyin || initials != sticker.initials {
                differ.append("\(sticker.name.zh) \(pinyin ?? "-") \(sticker.pinyin!)")
            }
        }
        // 调皮 is tiaopi as a word (调 alone is diao), 睡着 shuizhao (着 alone is zhe).
        #expect(Set(differ) == ["调皮 diaopi tiaopi", "睡着 shuizhe shuizhao"])
    }

    @Test func aNameWithoutHanCharactersGetsNoKeysAndALongOneStopsAt200Letters() throws {
        let dir = PackFixtures.folder()
        let long = String(repeating: "双", count: 60)  // shuang: 360 letters
        let images: [String: Any] = [
            "ねこ": ["url": "mxc://example.org/a", "body": "ねこ"], "long": ["url": "mxc://example.org/b", "body": long],
        ]
        PackFixtures.write(
            [
                ("k.json", PackFixtures.json(["images": images])), ("k/a.png", ImageBytes.png()),
                ("k/b.png", ImageBytes.png()),
            ], into: dir)
        let stickers = try PackConversion.importPacks(from: dir.appendingPathComponent("k.json"), format: .matrix)
            .packs[0].pack.stickers
        #expect(stickers.first { $0.tag == "[ねこ]" }?.pinyin == nil)
        let keyed = try #require(stickers.first { $0.tag == "[long]" })
        #expect(
            keyed.pinyin == String(repeating: "shuang", count: 33)
                && keyed.initials == String(repeating: "s", count: 33))
    }

    /// The table is what its generator writes from the pypinyin that
    /// scripts/install-deps.sh pins: a new pypinyin is a new table, on purpose.
    @Test func theTableIsWhatItsGeneratorWrites() throws {
        let check = PackFixtures.run(
            ["python3", repositoryFile("tools/generate-pinyin-table.py").path, "--check"], capturing: .errors)
        #expect(check.status == 0, "\(String(decoding: check.text, as: UTF8.self))")
    }
}

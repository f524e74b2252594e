import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// A code in kana exports to an ASCII format under its Hepburn romaji, read
/// from a table as pinyin is, not the English name or `sticker`, which are
/// for codes with nothing to read (issue 54, item 5: Japanese names became
/// `sticker`, `sticker_2`).
struct RomajiNamesTests {
    /// Each code and the name tootctl's archive gives it.
    static let names: [(String, String)] = [
        ("[ブロブ]", "burobu"), ("[ねこ]", "neko"), ("[しゃしん]", "shashin"), ("[ちょっと]", "chotto"),
        ("[まっちゃ]", "matcha"), ("[きっぷ]", "kippu"), ("[パーティー]", "pati"), ("[ファイル]", "fairu"),
        ("[ジェット]", "jetto"), ("[ウィキ]", "wiki"), ("[きょう]", "kyou"), ("[ねこ猫]", "nekomao"),
        // Nothing readable: the English name the fixture gives them (`sticker 13`).
        ("[blob_ねこ]", "blob_neko"), ("[★]", "sticker_13"), ("[☆]", "sticker_14"),
    ]

    @Test func kanaCodesExportAsTheirHepburnRomaji() throws {
        let folder = PackFixtures.packFolder(
            Self.names.enumerated().map { index, pair in
                (pair.0, [], String(pair.0.dropFirst().dropLast()), ImageBytes.png(width: 20 + index, height: 20))
            })
        let out = PackFixtures.folder().appendingPathComponent("e.tar.gz")
        let export = try PackConversion.exportPacks(from: folder, format: .mastodon, to: out)
        let written = PackFixtures.tarNames(out)
        #expect(written == Self.names.map { "\($0.1).png" }.sorted(), "\(written)")
        #expect(export.notes.contains { $0.contains("[ブロブ] → burobu") })
    }
}

import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// An export never writes over a file there already, as tootctl never takes
/// a shortcode it has, unless asked to (`overwrite`, the CLI's
/// `--overwrite`); before, it overwrote it (issue 54, item 5).
struct ExportOverwriteTests {
    static let packs = PackFixtures.packs(["weibo"])

    @Test(arguments: [PackFormat.mastodon, .misskey, .pleroma, .mastodonAPI, .matrix, .slack])
    func anExportOntoAFileThereIsRefusedAndTheFileKept(_ format: PackFormat) throws {
        let out = PackFixtures.folder().appendingPathComponent(
            format == .mastodon ? "e.tar.gz" : format.isDocumentWithImageFolder ? "e.json" : "e.zip")
        try Data("mine".utf8).write(to: out)
        let error = try #require(throws: InputError.self) {
            try PackConversion.exportPacks(from: Self.packs, format: format, to: out)
        }
        #expect(error.description == "\(out.path): exists already: export --overwrite writes over it")
        #expect(try Data(contentsOf: out) == Data("mine".utf8))
        _ = try PackConversion.exportPacks(from: Self.packs, format: format, to: out, overwrite: true)
        #expect(try Data(contentsOf: out) != Data("mine".utf8))
    }

    /// A document's pictures go to the folder beside it: one with files in it is refused too.
    @Test func aDocumentsPictureFolderWithFilesInItIsRefused() throws {
        let dir = PackFixtures.folder()
        PackFixtures.write([("e/xiaoku.png", [1, 2, 3])], into: dir)
        let out = dir.appendingPathComponent("e.json")
        let error = try #require(throws: InputError.self) {
            try PackConversion.exportPacks(from: Self.packs, format: .mastodonAPI, to: out)
        }
        #expect(error.description.contains("e: is a folder with files in it: export --overwrite writes over it"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

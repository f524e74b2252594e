import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// The one line that ends an import (`imported N, skipped N, failed N`, as
/// tootctl ends its own), and a dry run that writes nothing and tells the
/// same (issue 54, item 4).
struct ImportTotalsTests {
    static let png = ImageBytes.png(width: 32, height: 32)

    /// Misskey's export: `blobcat` (the folder has it), `neko`, `broken` (no picture), `gone` (not downloaded).
    func misskeyExport() throws -> URL {
        let meta: [String: Any] = [
            "metaVersion": 2,
            "emojis": [
                ["fileName": "blobcat.png", "downloaded": true, "emoji": ["name": "blobcat"]],
                ["fileName": "neko.png", "downloaded": true, "emoji": ["name": "neko"]],
                ["fileName": "broken.png", "downloaded": true, "emoji": ["name": "broken"]],
                ["fileName": "gone.png", "downloaded": false, "emoji": ["name": "gone"]],
            ],
        ]
        let url = PackFixtures.folder().appendingPathComponent("custom-emojis.zip")
        try PackFixtures.zip(
            [
                ("meta.json", PackFixtures.json(meta)), ("blobcat.png", Self.png), ("neko.png", Self.png),
                ("broken.png", Array("not a picture".utf8)),
            ], at: url)
        return url
    }

    /// A packs folder whose pack `blobs` has `[blobcat]`.
    func packsFolder() -> URL {
        let folder = PackFixtures.packFolder([("[blobcat]", [], "blobcat", Self.png)])
        return folder
    }

    /// Every file below `folder`, with its bytes.
    func contents(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let path = walk?.nextObject() as? String {
            files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        }
        return files
    }

    @Test func theTotalsCountWhatWasWrittenSkippedAndFailed() throws {
        let folder = packsFolder()
        let imported = try PackConversion.importPacks(
            from: try misskeyExport(), format: .misskey, options: .init(id: "mk", skipInvalid: true))
        let written = try PackConversion.write(imported.packs, into: folder)
        // neko written; blobcat (the folder's) and gone (not downloaded) skipped; broken failed.
        let totals = ImportTotals(imported, written)
        #expect(totals == ImportTotals(imported: 1, skipped: 2, failed: 1))
        #expect(totals.description == "imported 1, skipped 2, failed 1")
    }

    @Test func aRefusedImportCountsEachEmojiItNamesAsFailed() throws {
        let error = try #require(throws: InputError.self) {
            try PackConversion.importPacks(from: try misskeyExport(), format: .misskey)
        }
        #expect(ImportTotals(refused: error).description == "imported 0, skipped 0, failed 1")
    }

    @Test func aDryRunWritesNothingAndTellsWhatARealRunWrites() throws {
        let folder = packsFolder()
        let before = contents(folder.deletingLastPathComponent())
        let imported = try PackConversion.importPacks(
            from: try misskeyExport(), format: .misskey, options: .init(id: "mk", skipInvalid: true))
        let dry = try PackConversion.write(imported.packs, into: folder, dryRun: true)
        #expect(contents(folder.deletingLastPathComponent()) == before)
        let real = try PackConversion.write(imported.packs, into: folder)
        #expect(dry.files == real.files && dry.notes == real.notes && dry.packs == real.packs)
        #expect(ImportTotals(imported, dry) == ImportTotals(imported, real))
        #expect(contents(folder.deletingLastPathComponent()) != before)
    }

    /// A dry run into a packs folder that is not there leaves it not there.
    @Test func aDryRunIntoAMissingFolderLeavesItMissing() throws {
        let folder = PackFixtures.folder().appendingPathComponent("packs")
        let imported = try PackConversion.importPacks(
            from: try misskeyExport(), format: .misskey, options: .init(skipInvalid: true))
        let dry = try PackConversion.write(imported.packs, into: folder, dryRun: true)
        #expect(dry.files.map(\.lastPathComponent) == ["pack.json"])
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path).isEmpty)
    }

    /// What a dry run finds wrong it refuses as a real run would: a pack that would not load.
    @Test func aDryRunRefusesWhatARealRunRefuses() throws {
        let folder = PackFixtures.folder().appendingPathComponent("packs")
        var imported = try PackConversion.importPacks(
            from: try misskeyExport(), format: .misskey, options: .init(skipInvalid: true))
        imported.packs[0].files = [:]  // its pictures gone
        #expect(throws: InputError.self) { try PackConversion.write(imported.packs, into: folder, dryRun: true) }
        #expect(throws: InputError.self) { try PackConversion.write(imported.packs, into: folder) }
    }
}

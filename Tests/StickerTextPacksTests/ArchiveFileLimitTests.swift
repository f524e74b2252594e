import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// A picture inside an archive over the limit for one file is that emoji's
/// problem alone, told with the hint to --max-file-bytes, as from a URL or a
/// folder; before, the whole archive was refused (issue 54, item 4).
struct ArchiveFileLimitTests {
    static let png = ImageBytes.png(width: 32, height: 32)
    /// 2.3 MB that do not compress (a zip's or gzip's ratio check is not what stops them).
    static let large: [UInt8] = {
        var generator = SystemRandomNumberGenerator()
        return (0..<2_300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }()

    func archive(_ format: PackFormat) throws -> URL {
        let dir = PackFixtures.folder()
        switch format {
        case .mastodon:
            let url = dir.appendingPathComponent("emoji.tar.gz")
            PackFixtures.tarGz([("blobcat.png", Self.png), ("huge.png", Self.large), ("neko.png", Self.png)], at: url)
            return url
        default:
            let meta: [String: Any] = [
                "metaVersion": 2,
                "emojis": ["blobcat", "huge", "neko"].map { name in
                    ["fileName": "\(name).png", "downloaded": true, "emoji": ["name": name]] as [String: Any]
                },
            ]
            let url = dir.appendingPathComponent("emojis.zip")
            try PackFixtures.zip(
                [
                    ("meta.json", PackFixtures.json(meta)), ("blobcat.png", Self.png), ("huge.png", Self.large),
                    ("neko.png", Self.png),
                ], at: url)
            return url
        }
    }

    @Test(arguments: [PackFormat.mastodon, .misskey])
    func aPictureOverTheFileLimitIsThatEmojisProblemNotTheArchives(_ format: PackFormat) throws {
        let url = try archive(format)
        let error = try #require(throws: InputError.self) { try PackConversion.importPacks(from: url, format: format) }
        // One problem, the large picture's, with the hint; not a refusal of the archive.
        #expect(error.issues.count == 1)
        let issue = try #require(error.issues.first)
        #expect(issue.entry?.contains("huge") == true)
        #expect(issue.message.contains("2097152") && issue.message.hasSuffix("for one file (--max-file-bytes)"))
        let result = try PackConversion.importPacks(from: url, format: format, options: .init(skipInvalid: true))
        #expect(result.packs.flatMap(\.pack.stickers).compactMap(\.tag).sorted() == ["[blobcat]", "[neko]"])
        #expect(result.skipped.count == 1)
        // Raised, the limit lets it be read: its bytes (no picture) are then its problem.
        var limits = ArchiveLimits()
        limits.maxFileBytes = 3_000_000
        let raised = try #require(throws: InputError.self) {
            try PackConversion.importPacks(from: url, format: format, options: .init(limits: limits))
        }
        #expect(raised.issues.count == 1 && !raised.description.contains("--max-file-bytes"))
    }

    /// The document of the archive over the limit is named with the reason, not "no meta.json".
    @Test func aMetaJSONOverTheFileLimitIsToldSo() throws {
        let url = PackFixtures.folder().appendingPathComponent("emojis.zip")
        try PackFixtures.zip([("meta.json", Self.large)], at: url)
        let error = try #require(throws: InputError.self) {
            try PackConversion.importPacks(from: url, format: .misskey)
        }
        #expect(error.issues.first?.entry == "meta.json")
        #expect(error.description.contains("(--max-file-bytes)"))
    }
}

import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing
import ZIPFoundation

/// Licences stay each emoji's: Misskey keeps one per emoji, and a pack's is
/// only the one its emoji share. Before, a pack's licence was the union of
/// its members' (the skipped ones' too), and an export to Misskey gave it to
/// every emoji, those that had none among them (issue 54, item 5).
struct StickerLicenceTests {
    static let png = ImageBytes.png(width: 32, height: 32)

    /// A Misskey export zip of `(name, licence)` emoji in one category; `broken` has no picture.
    func misskeyZip(_ emoji: [(String, String?)]) throws -> URL {
        let meta: [String: Any] = [
            "metaVersion": 2,
            "emojis": emoji.map { name, license in
                var record: [String: Any] = ["name": name, "category": "Blobs", "aliases": []]
                if let license { record["license"] = license }
                return ["fileName": "\(name).png", "downloaded": true, "emoji": record] as [String: Any]
            },
        ]
        let url = PackFixtures.folder().appendingPathComponent("emojis.zip")
        try PackFixtures.zip(
            [("meta.json", PackFixtures.json(meta))]
                + emoji.map(\.0).filter { $0 != "broken" }.map { ("\($0).png", Self.png) }, at: url)
        return url
    }

    /// The licence of each emoji of a Misskey export zip, by name (nil: none).
    func licences(_ zip: URL) throws -> [String: String?] {
        let archive = try Archive(url: zip, accessMode: .read)
        var bytes: [UInt8] = []
        _ = try archive.extract(try #require(archive["meta.json"])) { bytes += $0 }
        let meta = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        var out: [String: String?] = [:]
        for entry in try #require(meta["emojis"] as? [[String: Any]]) {
            let emoji = try #require(entry["emoji"] as? [String: Any])
            out[emoji["name"] as! String] = .some(emoji["license"] as? String)
        }
        return out
    }

    @Test func eachEmojisLicenceComesBackItsOwnAndNoneWidened() throws {
        let source = try misskeyZip([
            ("blobcat", "CC0"), ("blobdog", nil), ("blobfox", "CC-BY-4.0"), ("broken", "All rights reserved"),
        ])
        let imported = try PackConversion.importPacks(from: source, format: .misskey, options: .init(skipInvalid: true))
        let pack = try #require(imported.packs.first?.pack)
        // No licence the emoji share: the pack has none, each keeps its own; the skipped one's is nowhere.
        #expect(pack.license == nil)
        #expect(pack.stickers.map(\.license) == ["CC0", nil, "CC-BY-4.0"])
        let folder = PackFixtures.folder().appendingPathComponent("packs")
        _ = try PackConversion.write(imported.packs, into: folder)
        let loaded = try StickerCatalog.load(directory: folder.path)
        #expect(loaded.packs[0].stickers.map(\.license) == ["CC0", nil, "CC-BY-4.0"])
        #expect(!loaded.packsDocument().contains(subsequence: Array("CC0".utf8)), "the API does not serve licences")
        let out = PackFixtures.folder().appendingPathComponent("back.zip")
        _ = try PackConversion.exportPacks(from: folder, format: .misskey, to: out)
        #expect(try licences(out) == ["blobcat": "CC0", "blobdog": nil, "blobfox": "CC-BY-4.0"])
        // A format with one licence a pack says it cannot hold theirs, and does not make one up.
        let pleroma = PackFixtures.folder().appendingPathComponent("p.zip")
        let export = try PackConversion.exportPacks(from: folder, format: .pleroma, to: pleroma)
        #expect(export.notes.contains { $0.contains("licences of single stickers") && $0.contains("[blobcat] (CC0)") })
    }

    @Test func aLicenceEveryEmojiSharesIsThePacks() throws {
        let imported = try PackConversion.importPacks(
            from: try misskeyZip([("blobcat", "CC0"), ("blobdog", "CC0")]), format: .misskey)
        #expect(imported.packs[0].pack.license == "CC0")
        #expect(imported.packs[0].pack.stickers.allSatisfy { $0.license == nil })
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<$0 + subsequence.count]) == subsequence }
    }
}

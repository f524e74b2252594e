import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// A Matrix image pack too large for one event (the spec bounds an event at
/// 65,536 bytes) is split into packs that fit, each a document with its
/// pictures, and the export says so; before, 600 emoji made one 146 KB
/// content (issue 54, item 5).
struct MatrixSplitTests {
    /// A packs folder of one pack of `count` stickers, `[emoji_<n>]`, one picture shared by all.
    func bigPack(_ count: Int) -> URL {
        let picture = ImageBytes.png(width: 32, height: 32)
        return PackFixtures.packFolder((0..<count).map { ("[emoji_\($0)]", [], "表情\($0)", picture) })
    }

    /// The bytes of a JSON document written compactly, as a client sends an event's content.
    func compactBytes(_ url: URL) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            .count
    }

    @Test func sixHundredEmojiAreSplitIntoPacksThatEachFitAnEvent() throws {
        let out = PackFixtures.folder().appendingPathComponent("big.json")
        let export = try PackConversion.exportPacks(from: bigPack(600), format: .matrix, to: out, host: "m.example")
        let folder = out.deletingLastPathComponent()
        let documents = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json")
        }.sorted()
        #expect(documents.count > 1 && documents.first == "big-2.json" && documents.contains("big.json"))
        var codes: [String] = []
        var titles: [String] = []
        for document in documents {
            let url = folder.appendingPathComponent(document)
            #expect(try compactBytes(url) <= 60_000, "\(document)")
            // Each reads back on its own, its pictures in the folder named as it.
            let back = try PackConversion.importPacks(from: url, format: .matrix)
            codes += back.packs.flatMap(\.pack.stickers).compactMap(\.tag)
            titles += back.packs.map(\.pack.title.zh)
        }
        #expect(codes.count == 600 && Set(codes).count == 600)
        #expect(Set(titles).count == documents.count && titles.contains("包 1") == false && titles.contains("包 2"))
        #expect(
            export.notes.contains {
                $0.contains("over the 60000 an event has room for")
                    && $0.contains("split into \(documents.count) packs")
            })
    }

    /// A sticker whose name alone is larger than an event: no split can help, and the note says so.
    @Test func anEmojiTooLargeForAnyEventIsNamedInANote() throws {
        let picture = ImageBytes.png(width: 32, height: 32)
        let folder = PackFixtures.packFolder([
            ("[a]", [], String(repeating: "名", count: 30_000), picture), ("[b]", [], "b", picture),
        ])
        let out = PackFixtures.folder().appendingPathComponent("odd.json")
        let export = try PackConversion.exportPacks(from: folder, format: .matrix, to: out)
        #expect(export.notes.contains { $0.contains("an emoji's entry alone too large") && $0.contains("odd.json") })
    }

    @Test func aPackThatFitsIsOneDocumentAsBefore() throws {
        let out = PackFixtures.folder().appendingPathComponent("small.json")
        let export = try PackConversion.exportPacks(from: bigPack(20), format: .matrix, to: out)
        let documents = try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".json") }
        #expect(documents == ["small.json"])
        #expect(!export.notes.contains { $0.contains("split") })
        let content = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        #expect((content["pack"] as? [String: Any])?["display_name"] as? String == "包")
    }
}

import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// A pack imported again over the folder's pack of its id takes a new name
/// for every picture whose bytes changed: browsers and the page's offline copy
/// keep a picture a year by its URL, so one replaced under its name showed
/// its old self to everyone who had seen it (docs/operations.md).
struct ReplacedPictureNamesTests {
    /// A Mastodon custom_emojis document of `pictures` (shortcode, picture), one category.
    func instance(_ pictures: [(String, [UInt8])]) -> URL {
        let dir = PackFixtures.folder()
        let list: [[String: Any]] = pictures.map { code, _ in
            [
                "shortcode": code, "url": "https://m.example/\(code).png",
                "static_url": "https://m.example/\(code).png",
                "visible_in_picker": true, "category": "Blobs",
            ]
        }
        PackFixtures.write(
            [("m.json", PackFixtures.json(list))] + pictures.map { ("m/\($0.0).png", $0.1) }, into: dir)
        return dir.appendingPathComponent("m.json")
    }

    /// The files each code's picture is in, in the folder's pack.
    func files(_ folder: URL) throws -> [String: [String]] {
        let catalog = try StickerCatalog.load(directory: folder.path)
        return Dictionary(
            uniqueKeysWithValues: catalog.packs.flatMap(\.stickers).map { sticker in
                (sticker.tag ?? "", sticker.image.map { [$0.x1, $0.x2, $0.x3] } ?? [])
            })
    }

    @Test func aPictureChangedUnderItsNameIsWrittenUnderANewOneAndAnUnchangedOneKeepsItsName() throws {
        let folder = PackFixtures.folder().appendingPathComponent("packs")
        let small = ImageBytes.png(width: 32, height: 32)
        let wide = ImageBytes.png(width: 48, height: 32)
        var options = ImportOptions()
        options.id = "m"
        let first = try PackConversion.importPacks(
            from: instance([("blob", small), ("cat", small)]), format: .mastodonAPI, options: options)
        _ = try PackConversion.write(first.packs, into: folder)
        let before = try files(folder)

        let second = try PackConversion.importPacks(
            from: instance([("blob", wide), ("cat", small)]), format: .mastodonAPI, options: options)
        let written = try PackConversion.write(second.packs, into: folder)
        let after = try files(folder)

        #expect(after["[cat]"] == before["[cat]"])
        let renamed = try #require(after["[blob]"])
        #expect(Set(renamed).isDisjoint(with: before["[blob]"] ?? []), "\(renamed) against \(before)")
        let pack = try #require(try StickerCatalog.load(directory: folder.path).packs.first)
        let biggest = pack.id + "/" + renamed[2]
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(biggest).path) == Data(wide))
        #expect(written.notes.contains { $0.contains("under other names") && $0.contains("→") })

        // The same pictures once more: the same files. Back to the first picture: its first name again. A third
        // picture: a name no picture had (blob.png held the first, blob-2.png the second).
        let tall = ImageBytes.png(width: 32, height: 64)
        for (picture, want) in [(wide, renamed), (small, before["[blob]"] ?? []), (tall, nil)] {
            let again = try PackConversion.importPacks(
                from: instance([("blob", picture), ("cat", small)]), format: .mastodonAPI, options: options)
            _ = try PackConversion.write(again.packs, into: folder)
            let now = try #require(try files(folder)["[blob]"])
            if let want {
                #expect(now == want)
            } else {
                #expect(Set(now).isDisjoint(with: renamed + (before["[blob]"] ?? [])), "\(now)")
            }
            #expect(try files(folder)["[cat]"] == before["[cat]"])
        }
    }
}

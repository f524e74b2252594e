import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// Categories whose pack ids come out alike get distinct ids, each told in a
/// note, and the import goes on: before, the whole import failed at the
/// write with `duplicate pack id "mapi-blobs"`, `--skip-invalid` included
/// (issue 54, item 4).
struct PackIDCollisionTests {
    static let png = ImageBytes.png(width: 32, height: 32)

    /// A Mastodon custom_emojis document, one emoji per category given, its pictures beside it.
    func mastodonAPI(_ categories: [String]) -> URL {
        let dir = PackFixtures.folder()
        let list: [[String: Any]] = categories.enumerated().map { index, category in
            [
                "shortcode": "e\(index)", "url": "https://m.example/e\(index).png",
                "static_url": "https://m.example/e\(index).png", "visible_in_picker": true, "category": category,
            ]
        }
        PackFixtures.write(
            [("mapi.json", PackFixtures.json(list))] + categories.indices.map { ("mapi/e\($0).png", Self.png) },
            into: dir)
        return dir.appendingPathComponent("mapi.json")
    }

    /// A Misskey GET /api/emojis document, one emoji per category given.
    func misskeyAPI(_ categories: [String]) -> URL {
        let dir = PackFixtures.folder()
        let list: [[String: Any]] = categories.enumerated().map { index, category in
            ["name": "m\(index)", "aliases": [], "category": category, "url": "https://mk.example/m\(index).png"]
        }
        PackFixtures.write(
            [("mk.json", PackFixtures.json(["emojis": list]))] + categories.indices.map { ("mk/m\($0).png", Self.png) },
            into: dir)
        return dir.appendingPathComponent("mk.json")
    }

    /// Imports and writes `source`, and loads the packs folder as the server does.
    func importAndLoad(_ source: URL, _ format: PackFormat) throws -> (PackImport, StickerCatalog) {
        let result = try PackConversion.importPacks(from: source, format: format)
        let folder = PackFixtures.folder().appendingPathComponent("packs")
        _ = try PackConversion.write(result.packs, into: folder)
        return (result, try StickerCatalog.load(directory: folder.path))
    }

    @Test(arguments: [
        (["Blobs", "blobs"], ["mapi-blobs", "mapi-blobs-2"]),
        (["Party Time", "party-time"], ["mapi-party-time", "mapi-party-time-2"]),
    ])
    func mastodonCategoriesAlikeButForCaseOrSpacesBecomeTwoPacks(_ categories: [String], _ ids: [String]) throws {
        let (result, catalog) = try importAndLoad(mastodonAPI(categories), .mastodonAPI)
        #expect(result.packs.map(\.pack.id) == ids)
        #expect(catalog.packs.count == 2 && catalog.packs.allSatisfy { $0.stickers.count == 1 })
        #expect(
            result.notes.contains(
                "categories whose pack ids came out alike, told apart: \"\(categories[1])\" is \(ids[1]) (\(ids[0]) is \"\(categories[0])\"'s)"
            ))
    }

    @Test func misskeyCategoriesThatAreOneSlugOrANumberBesideAChineseOneBecomeDistinctPacks() throws {
        // `Cats 猫` slugs to `cats`, as `Cats` does; the Chinese `表情` is numbered 3 by its place,
        // which the category `3` slugs to as well.
        let (result, catalog) = try importAndLoad(misskeyAPI(["Cats", "Cats 猫", "表情", "3"]), .misskeyAPI)
        #expect(result.packs.map(\.pack.id) == ["mk-cats", "mk-cats-2", "mk-3", "mk-3-2"])
        #expect(catalog.packs.count == 4)
        #expect(result.packs.map(\.pack.title.zh) == ["Cats", "Cats 猫", "表情", "3"])
    }

    /// The numbered id stays within a pack id's 64 characters.
    @Test func aLongCategoryToldApartKeepsItsIDWithinSixtyFourCharacters() throws {
        let long = String(repeating: "x", count: 80)
        let (result, _) = try importAndLoad(mastodonAPI([long, long.uppercased()]), .mastodonAPI)
        let ids = result.packs.map(\.pack.id)
        #expect(ids.count == 2 && Set(ids).count == 2 && ids.allSatisfy { $0.count <= 64 })
        #expect(ids[1].hasSuffix("-2"))
    }
}

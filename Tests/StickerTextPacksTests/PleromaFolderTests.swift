import Foundation
import StickerText
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// Pleroma's (and Akkoma's) packs as its `STATIC-DIR/emoji/<pack>/` folder
/// holds them, read as its `Emoji.Loader` reads that folder: `pack.json`,
/// else `emoji.txt` (`shortcode, /emoji/<pack>/file.png, tags`), else every
/// `.png` and `.gif` file; and an export to such a folder (issue 40, item 8).
struct PleromaFolderTests {
    static let png = ImageBytes.png(width: 64, height: 64)
    static let gif = ImageBytes.gif(width: 48, height: 48, frames: 3)

    func importing(_ source: URL, _ options: ImportOptions = .init()) throws(InputError) -> PackImport {
        try PackConversion.importPacks(from: source, format: .pleroma, options: options)
    }

    func sticker(_ result: PackImport, _ tag: String) -> (pack: ImportedPack, sticker: Sticker)? {
        PackFixtures.sticker(result, tag)
    }

    func picture(_ result: PackImport, _ tag: String) -> [UInt8]? {
        sticker(result, tag).flatMap { $0.pack.files[$0.sticker.image!.x1] }
    }

    /// `STATIC-DIR/emoji/<name>/` with `files`.
    func packFolder(_ name: String, _ files: [(String, [UInt8])]) -> URL {
        let folder = PackFixtures.folder().appendingPathComponent("static/emoji/\(name)", isDirectory: true)
        PackFixtures.write(files, into: folder)
        return folder
    }

    @Test func aPackFolderWithPackJSONImportsAsItsZipDoes() throws {
        let pack: [String: Any] = [
            "files": ["blobcat": "blobcat.png", "blobdog": "dogs/blobdog.gif"], "files_count": 2,
            "pack": ["license": "Apache 2.0", "homepage": "https://blobs.gg", "description": "Blob emoji"],
        ]
        let folder = packFolder(
            "blobs_gg",
            [("pack.json", PackFixtures.json(pack)), ("blobcat.png", Self.png), ("dogs/blobdog.gif", Self.gif)])
        let result = try importing(folder)
        let imported = try #require(result.packs.first?.pack)
        #expect(imported.id == "blobs_gg" && imported.title.zh == "Blob emoji")
        #expect(imported.license == "Apache 2.0" && imported.homepage == "https://blobs.gg")
        #expect(imported.stickers.map(\.tag) == ["[blobcat]", "[blobdog]"])
        #expect(picture(result, "[blobdog]") == Self.gif)
    }

    /// Pleroma's documented example, and what its loader passes over: a line
    /// without a file, and a path outside the pack's folder (the line's problem).
    @Test func anEmojiTxtFolderImportsEachLineWithItsTagsAsACategory() throws {
        let text = """
            happy, /emoji/custom/happy.png, Tag1,Tag2
            sad, /emoji/custom/sad.png, Tag1
            foo, /emoji/custom/nested/foo.gif
            only-a-name
            elsewhere, /emoji/other/x.png, Custom

            """
        let folder = packFolder(
            "custom",
            [
                ("emoji.txt", Array(text.utf8)), ("happy.png", Self.png), ("sad.png", ImageBytes.png(width: 40)),
                ("nested/foo.gif", Self.gif),
            ])
        let error = try #require(throws: InputError.self) { try importing(folder) }
        #expect(
            error.issues.map(\.description) == [
                "\(folder.path)/emoji.txt: line 5 :elsewhere:: \"/emoji/other/x.png\" is not in this pack's folder (/emoji/custom/, as Pleroma serves it); to read the files of other folders, give the instance's static folder as --images"
            ])
        let result = try importing(folder, .init(skipInvalid: true))
        // Tags less Pleroma's default "Custom", joined by commas, are the category Pleroma's API gives: a pack each.
        #expect(result.packs.map(\.pack.id) == ["custom-tag1-tag2", "custom-tag1", "custom"])
        #expect(result.packs.map(\.pack.title.zh) == ["Tag1,Tag2", "Tag1", "custom"])
        #expect(picture(result, "[foo]") == Self.gif && picture(result, "[happy]") == Self.png)
        #expect(result.notes.contains("lines passed over as Pleroma passes them (not a shortcode and a file): 4"))
        // The emoji.txt itself names the same pack, after its folder.
        let alone = try importing(folder.appendingPathComponent("emoji.txt"), .init(skipInvalid: true))
        #expect(alone.packs.map(\.pack.id) == result.packs.map(\.pack.id))
    }

    /// `config/emoji.txt` names files anywhere below the static folder: read with it as --images.
    @Test func anEmojiTxtReadsBelowTheStaticFolderGivenAsImages() throws {
        let folder = PackFixtures.folder()
        let text = "fin, /finmoji/128px/fin-128.png\nhappy, /emoji/custom/happy.png, Custom\n"
        PackFixtures.write(
            [
                ("config/emoji.txt", Array(text.utf8)), ("static/finmoji/128px/fin-128.png", Self.png),
                ("static/emoji/custom/happy.png", Self.png),
            ], into: folder)
        let result = try importing(
            folder.appendingPathComponent("config/emoji.txt"),
            .init(images: folder.appendingPathComponent("static"), id: "instance"))
        #expect(result.packs.map(\.pack.id) == ["instance"])
        #expect(result.packs[0].pack.stickers.map(\.tag) == ["[fin]", "[happy]"])
    }

    /// No pack.json or emoji.txt: each `.png` and `.gif` below the folder, as
    /// written (`.PNG` is not one), by its name; the rest passed over with a
    /// note, a symbolic link never followed.
    @Test func aFolderOfPicturesAloneMakesEachPNGAndGIFAnEmojiByItsFileName() throws {
        let folder = packFolder(
            "loose",
            [
                ("blobcat.png", Self.png), ("more/blob_wave.gif", Self.gif), ("shout.PNG", Self.png),
                ("spin.webp", ImageBytes.webp(frames: 1)), ("README.txt", Array("hi".utf8)),
            ])
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("linked.png").path, withDestinationPath: "/etc/passwd")
        let result = try importing(folder)
        #expect(result.packs[0].pack.id == "loose")
        #expect(result.packs[0].pack.stickers.map(\.tag) == ["[blobcat]", "[blob_wave]"])
        let note = try #require(result.notes.first { $0.hasPrefix("passed over as Pleroma passes them") })
        for passed in ["linked.png", "shout.PNG", "spin.webp", "README.txt"] {
            #expect(note.contains(passed), "\(passed) in \(note)")
        }
    }

    @Test func anExportToAFolderIsAPackFolderPleromaLoadsAndAFolderWithFilesIsRefused() throws {
        let packs = PackFixtures.packs(["weibo"])
        let out = PackFixtures.folder().appendingPathComponent("static/emoji/weibo", isDirectory: true)
        let export = try PackConversion.exportPacks(from: packs, packIDs: ["weibo"], format: .pleroma, to: out)
        #expect(export.written.contains(out.appendingPathComponent("pack.json").path))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("pack.json")))
                as? [String: Any])
        let files = try #require(json["files"] as? [String: String])
        #expect(
            try Data(contentsOf: out.appendingPathComponent(try #require(files["xiaoku"])))
                == Data(contentsOf: packs.appendingPathComponent("weibo/lol@3x.png")))
        let error = try #require(throws: InputError.self) {
            try PackConversion.exportPacks(from: packs, packIDs: ["weibo"], format: .pleroma, to: out)
        }
        #expect(error.description.contains("is a folder with files in it"))
    }

    /// An emoji.txt from anyone: a path that climbs out of the folder, or
    /// a picture that is a link, is that line's problem; nothing is read.
    @Test func anEmojiTxtPathThatLeavesTheFolderOrALinkIsRefused() throws {
        let text = "up, /emoji/evil/../../../etc/passwd\nlinked, /emoji/evil/linked.png\nok, /emoji/evil/ok.png\n"
        let folder = packFolder("evil", [("emoji.txt", Array(text.utf8)), ("ok.png", Self.png)])
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("linked.png").path, withDestinationPath: "/etc/passwd")
        let error = try #require(throws: InputError.self) { try importing(folder) }
        let said = error.issues.map(\.message)
        #expect(
            said == [
                "its image \"../../../etc/passwd\" cannot be read: a path that goes up (..)",
                "its image \"linked.png\" is a symbolic link; an import reads only the folder's own files",
            ])
        #expect(try importing(folder, .init(skipInvalid: true)).packs[0].pack.stickers.map(\.tag) == ["[ok]"])
    }
}

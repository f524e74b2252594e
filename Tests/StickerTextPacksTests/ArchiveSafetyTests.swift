import Foundation
import PropertyBased
import StickerText
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// Archives and folders from anyone, read by `stickertext import`: what
/// leaves the folder, links, bombs, too many files and pictures that are not
/// what their names say are refused, each with its reason and its file.
struct ArchiveSafetyTests {
    static let png = ImageBytes.png()

    /// The message of the one problem an import of `source` reports.
    func refusal(_ source: URL, _ format: PackFormat, limits: ArchiveLimits = .default) -> String {
        do {
            let result = try PackConversion.importPacks(from: source, format: format, options: .init(limits: limits))
            return "imported \(result.packs.count) packs"
        } catch {
            return error.description
        }
    }

    func pleromaZip(_ files: [String: String], extra: [(String, [UInt8])], links: [(String, String)] = []) throws -> URL
    {
        let url = PackFixtures.folder().appendingPathComponent("pack.zip")
        try PackFixtures.zip(
            [("pack.json", PackFixtures.json(["files": files, "pack": [:]]))] + extra, at: url, links: links)
        return url
    }

    // MARK: - Zip

    @Test func aZipEntryThatGoesUpOrIsAbsoluteIsRefused() throws {
        for path in ["../evil.png", "emoji/../../evil.png", "/tmp/evil.png", "..\\evil.png", "C:/evil.png"] {
            let zip = try pleromaZip(["a": "a.png"], extra: [("a.png", Self.png), (path, Self.png)])
            let message = refusal(zip, .pleroma)
            #expect(message.contains("pack.zip: \(path): refused"), "\(path): \(message)")
        }
    }

    @Test func aZipEntryThatIsASymbolicLinkIsRefused() throws {
        let zip = try pleromaZip(["a": "a.png"], extra: [], links: [("a.png", "/etc/passwd")])
        #expect(refusal(zip, .pleroma) == "pack.zip: a.png: refused: a symbolic link")
    }

    @Test func aZipBombIsStoppedByTheExpansionRatioAsItExpands() throws {
        let zip = try pleromaZip(
            ["a": "a.png"], extra: [("a.png", Self.png), ("zeros.png", [UInt8](repeating: 0, count: 8 << 20))])
        let message = refusal(zip, .pleroma)
        #expect(
            message.hasPrefix("pack.zip: zeros.png: refused: the archive expands more than 100 times its "),
            "\(message)")
        #expect(message.hasSuffix(" bytes (a zip bomb?)"), "\(message)")
        // Without the floor for small archives, the entry's own ratio stops it first.
        var limits = ArchiveLimits()
        limits.ratioFloorBytes = 4096
        let entry = refusal(zip, .pleroma, limits: limits)
        #expect(
            entry.hasPrefix("pack.zip: zeros.png: refused: expands more than 100 times its compressed "), "\(entry)")
    }

    @Test func aZipOverTheFileOrByteLimitIsRefused() throws {
        var limits = ArchiveLimits()
        limits.maxFiles = 3
        let many = try pleromaZip(["a": "a.png"], extra: (0..<3).map { ("\($0).png", Self.png) })
        #expect(refusal(many, .pleroma, limits: limits) == "pack.zip: more than 3 files, over the limit of one import")
        limits = ArchiveLimits()
        limits.maxTotalBytes = 4000
        let noise = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let big = try pleromaZip(["a": "a.png"], extra: [("a.png", noise), ("b.png", noise)])
        #expect(refusal(big, .pleroma, limits: limits).contains("refused: the archive expands past 4000 bytes"))
    }

    @Test func aZipNamingOneFileTwiceIsRefused() throws {
        let zip = try pleromaZip(["a": "a.png"], extra: [("a.png", Self.png), ("a.png", Self.png)])
        #expect(refusal(zip, .pleroma) == "pack.zip: a.png: refused: the archive holds two files of this name")
    }

    /// (A PNG named .gif is taken by its bytes: `PackImportProblemsTests`; an animated WebP is taken, and a
    /// damaged picture refused by its decoder: `PictureDecodingTests`.)
    @Test func picturesWhoseBytesAreNoFormatAPackHoldsAreRefused() throws {
        let cases: [(String, [UInt8], String)] = [
            ("a.png", Array("hello".utf8), "\"a.png\" is not a PNG, APNG, GIF or WebP file"),
            (
                "a.tgs", [0x1F, 0x8B, 8, 0] + Array("{\"tgs\":1}".utf8),
                "\"a.tgs\" is a Telegram TGS sticker (gzipped Lottie, a vector animation)"
            ),
            ("a.webm", [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81], "\"a.webm\" is a WebM video sticker"),
        ]
        for (name, bytes, said) in cases {
            let zip = try pleromaZip(["a": name], extra: [(name, bytes)])
            let message = refusal(zip, .pleroma)
            #expect(message.hasPrefix("pack.zip: pack.json: files.a: \(said)"), "\(name): \(message)")
        }
    }

    /// A picture a packs folder would refuse (too wide, too many frames) is
    /// refused as the import takes it, in the words of the archive it came in,
    /// not of the pack the import would have written (a damaged GIF's width
    /// field once came back as `pack/pack.json: stickers[1] [b]: image size…`).
    @Test func picturesOutOfTheStickersBoundsAreRefusedInTheArchivesWords() throws {
        let cases: [([UInt8], String)] = [
            (
                ImageBytes.gif(width: 14374, frames: 2),
                "image \"a.gif\" is 14374×32 pixels, not between 1 and 4096 a side"
            ),
            (
                ImageBytes.gif(width: 32, height: 0, frames: 1),
                "image \"a.gif\" is 32×0 pixels, not between 1 and 4096 a side"
            ),
            (ImageBytes.gif(frames: 101), "animated image \"a.gif\" has 101 frames, over the limit of 100"),
        ]
        for (bytes, said) in cases {
            let zip = try pleromaZip(["a": "a.gif"], extra: [("a.gif", bytes)])
            #expect(refusal(zip, .pleroma) == "pack.zip: pack.json: files.a: \(said)")
        }
    }

    @Test func aJSONDocumentWithADuplicateKeyIsRefusedAsARequestBodyWouldBe() throws {
        let url = PackFixtures.folder().appendingPathComponent("pack.zip")
        try PackFixtures.zip(
            [("pack.json", Array(#"{"files": {"a": "a.png"}, "files": {}}"#.utf8)), ("a.png", Self.png)], at: url)
        let message = refusal(url, .pleroma)
        #expect(message.hasPrefix("pack.zip: pack.json: malformed JSON: "), "\(message)")
        #expect(message.contains(#"duplicate field "files""#), "\(message)")
    }

    // MARK: - tar.gz

    func tarGz(_ files: [(String, [UInt8])], arguments: [String] = [], names: [String]? = nil) -> URL {
        let url = PackFixtures.folder().appendingPathComponent("emoji.tar.gz")
        #expect(PackFixtures.tarGz(files, at: url, arguments: arguments, names: names) == 0)
        return url
    }

    @Test func aTarMemberThatGoesUpOrIsAbsoluteIsRefused() {
        let up = tarGz([("a.png", Self.png)], arguments: ["--transform=s,^,../,"])
        #expect(refusal(up, .mastodon) == "emoji.tar.gz: ../a.png: refused: a path that goes up (..)")
        let absolute = tarGz([("a.png", Self.png)], arguments: ["--absolute-names", "--transform=s,^,/tmp/,"])
        #expect(refusal(absolute, .mastodon) == "emoji.tar.gz: /tmp/a.png: refused: an absolute path")
    }

    @Test func aTarMemberThatIsALinkIsRefused() throws {
        let folder = PackFixtures.folder()
        PackFixtures.write([("a.png", Self.png)], into: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("b.png").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.linkItem(
            at: folder.appendingPathComponent("a.png"), to: folder.appendingPathComponent("c.png"))
        /// A tar.gz of some of the folder's files, as they are (links stay links).
        func tar(_ name: String, _ members: [String]) -> URL {
            let url = PackFixtures.folder().appendingPathComponent(name)
            PackFixtures.run(["tar", "-czf", url.path, "-C", folder.path] + members)
            return url
        }
        #expect(
            refusal(tar("links.tar.gz", ["a.png", "b.png"]), .mastodon)
                == "links.tar.gz: b.png: refused: a symbolic link")
        let hard = tar("hard.tar.gz", ["a.png", "c.png"])
        #expect(refusal(hard, .mastodon) == "hard.tar.gz: c.png: refused: a hard link")
    }

    @Test func aGzipBombIsStoppedBeforeTarExtractsAnything() {
        let bomb = tarGz([("a.png", Self.png), ("zeros.png", [UInt8](repeating: 0, count: 8 << 20))])
        #expect(refusal(bomb, .mastodon).hasPrefix("emoji.tar.gz: refused: expands more than 100 times its"))
    }

    @Test func aTarOverTheFileLimitOrNotGzippedIsRefused() throws {
        var limits = ArchiveLimits()
        limits.maxFiles = 3
        let many = tarGz((0..<4).map { ("\($0).png", Self.png) })
        #expect(refusal(many, .mastodon, limits: limits) == "emoji.tar.gz: 4 files, over the limit of 3 for one import")
        let plain = PackFixtures.folder().appendingPathComponent("emoji.tar.gz")
        try Data("not gzip".utf8).write(to: plain)
        #expect(
            refusal(plain, .mastodon)
                == "emoji.tar.gz: not a gzip-compressed tar (a .tar.gz, as tootctl writes and reads)")
    }

    // MARK: - Image folders

    @Test func aPictureInTheImageFolderThatIsALinkOrAURLThatGoesUpIsRefused() throws {
        let folder = PackFixtures.folder()
        let content: [String: Any] = ["images": ["a": ["url": "mxc://example.org/secret"]]]
        PackFixtures.write([("pack.json", PackFixtures.json(content))], into: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("pack"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("pack/secret").path, withDestinationPath: "/etc/passwd")
        #expect(
            refusal(folder.appendingPathComponent("pack.json"), .matrix).hasSuffix(
                "pack.json: images.a: its image \"secret\" is a symbolic link; an import reads only the folder's own files"
            ))
        let list: [[String: Any]] = [
            [
                "shortcode": "a", "url": "https://example.social/../../etc/passwd", "static_url": "x",
                "visible_in_picker": true,
            ]
        ]
        PackFixtures.write([("custom_emojis.json", PackFixtures.json(list))], into: folder)
        #expect(
            refusal(folder.appendingPathComponent("custom_emojis.json"), .mastodonAPI).contains(
                "cannot be read: a path that goes up (..)"))
    }

    @Test func aPackIDThatWouldLeaveThePacksFolderIsRefusedBeforeAnythingIsWritten() throws {
        let zip = try pleromaZip(["a": "a.png"], extra: [("a.png", Self.png)])
        let imported = try PackConversion.importPacks(from: zip, format: .pleroma, options: .init(id: "../evil"))
        let packs = zip.deletingLastPathComponent().appendingPathComponent("packs")
        #expect(throws: InputError.self) { try PackConversion.write(imported.packs, into: packs) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: zip.deletingLastPathComponent().path) == ["pack.zip"])
    }

    // MARK: - Malformed archives, at random

    /// A valid archive with bytes changed or cut at random places: its import
    /// either refuses it with a reason or makes packs that load; it never
    /// crashes, and never writes a file anywhere.
    @Test func aDamagedArchiveIsRefusedWithAReasonOrImportsValidPacks() async throws {
        let pleroma = try pleromaZip(
            ["a": "a.png", "b": "b.gif"], extra: [("a.png", Self.png), ("b.gif", ImageBytes.gif(frames: 2))])
        let mastodon = tarGz([("a.png", Self.png), ("b.gif", ImageBytes.gif(frames: 2))])
        let originals = [
            (pleroma, PackFormat.pleroma, Array(try Data(contentsOf: pleroma))),
            (mastodon, PackFormat.mastodon, Array(try Data(contentsOf: mastodon))),
        ]
        var limits = ArchiveLimits()
        limits.maxTotalBytes = 1 << 20
        let damage = Gen.int(in: 0...Int(Int32.max)).array(of: 1...6)
        await propertyCheck(count: 120, input: damage, Gen.int(in: 0...3)) { seeds, which in
            let (url, format, bytes) = originals[which % 2]
            var damaged = bytes
            for seed in seeds {
                let at = seed % damaged.count
                switch seed % 3 {
                case 0: damaged[at] ^= UInt8(truncatingIfNeeded: seed >> 8) | 1
                case 1: damaged = Array(damaged.prefix(max(1, at)))
                default: damaged.insert(UInt8(truncatingIfNeeded: seed >> 8), at: at)
                }
            }
            let copy = PackFixtures.folder().appendingPathComponent(url.lastPathComponent)
            try Data(damaged).write(to: copy)
            do {
                let result = try PackConversion.importPacks(from: copy, format: format, options: .init(limits: limits))
                _ = try StickerCatalog(packs: result.packs.map(\.pack))
                for imported in result.packs {
                    for sticker in imported.pack.stickers { #expect(imported.files[sticker.image!.x1] != nil) }
                }
            } catch let error as InputError {
                #expect(
                    !error.issues.isEmpty
                        && error.issues.allSatisfy {
                            $0.file.hasPrefix(url.lastPathComponent) || $0.file.hasPrefix("/")
                        })
            }
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: copy.deletingLastPathComponent().path) == [
                    url.lastPathComponent
                ])
        }
    }
}

import Foundation
import StickerText
import StickerTextJSON
import StickerTextTestSupport
import Testing

struct CatalogTests {
    @Test func defaultPacksHaveTheContentPromised() {
        let packs = StickerCatalog.default.packs
        let pictures = packs.filter { $0.kind == .image }
        #expect(pictures.count >= 3)
        #expect(pictures.reduce(0) { $0 + $1.stickers.count } >= 100)
        #expect(packs.filter { $0.kind == .emoji }.reduce(0) { $0 + $1.stickers.count } >= 80)
        for tag in ["[微笑]", "[哈哈]", "[笑哭]", "[doge]", "[心]", "[赞]", "[拜拜]", "[smile]", "[like]", "[bye]"] {
            #expect(StickerCatalog.default.entry(forCode: tag) != nil, "\(tag)")
        }
    }

    @Test func embeddedPacksMatchThePackFiles() throws {
        // The embedded copy is generated from public/stickers; it must not drift.
        let files = try StickerCatalog.load(directory: repositoryFile("public/stickers").path)
        #expect(files.packs == StickerCatalog.default.packs)
    }

    @Test func aliasesNameTheSameSticker() throws {
        let catalog = StickerCatalog.default
        let smile = try #require(catalog.sticker(forCode: "[微笑]"))
        #expect(catalog.sticker(forCode: "[smile]") == smile && smile.tag == "[微笑]")
        #expect(catalog.sticker(forCode: "[開心]")?.tag == "[开心]")
        #expect(catalog.sticker(forCode: "微笑") == nil && catalog.sticker(forCode: "[nothing]") == nil)
        #expect(try #require(catalog.entry(forCode: "[微笑]")).isCanonical)
        #expect(try #require(catalog.entry(forCode: "[smile]")).isCanonical == false)
    }

    // MARK: - Validation: each error names its file and entry

    func packJSON(id: String, tag: String = "[a]", aliases: [String] = [], image: String = "a.png") -> String {
        let aliasList = aliases.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            {"id":"\(id)","title":{"zh":"x","en":"x"},"cover":"\(tag)","kind":"image","stickers":[
              {"tag":"[ok]","name":{"zh":"ok","en":"ok"},"image":{"1x":"a.png","2x":"a.png","3x":"a.png","width":32,"height":32}},
              {"tag":"\(tag)","aliases":[\(aliasList)],"name":{"zh":"x","en":"x"},"image":{"1x":"\(image)","2x":"a.png","3x":"a.png","width":32,"height":32}}]}
            """
    }

    func withPacks(_ packs: [String: String], _ body: (String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("packs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (id, json) in packs {
            let folder = root.appendingPathComponent(id)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: folder.appendingPathComponent("pack.json"))
            try Data([0x89]).write(to: folder.appendingPathComponent("a.png"))
        }
        try body(root.path)
    }

    func issues(_ packs: [String: String]) throws -> [StickerPack.Issue] {
        var found: [StickerPack.Issue] = []
        try withPacks(packs) { dir in
            do {
                _ = try StickerCatalog.load(directory: dir)
            } catch {
                found = (error as? InputError)?.issues ?? []
            }
        }
        return found
    }

    @Test func aGoodFolderLoads() throws {
        try withPacks(["one": packJSON(id: "one")]) { dir in
            let catalog = try StickerCatalog.load(directory: dir)
            #expect(catalog.entries.count == 2)
        }
    }

    /// The code table once had room for three codes a sticker, and a
    /// sticker with more aliases than that (an import of Slack's alias
    /// entries gives one hundreds) hung the load on a full table.
    @Test func aStickerWithAThousandAliasesLoads() throws {
        let aliases = (0..<1000).map { "[a\($0)]" }
        try withPacks(["one": packJSON(id: "one", aliases: aliases)]) { dir in
            let catalog = try StickerCatalog.load(directory: dir)
            #expect(catalog.entries.count == 1002)
            #expect(catalog.entry(forCode: "[a999]")?.stickerIndex == 1)
        }
    }

    @Test func duplicateTagAcrossPacks() throws {
        let found = try issues([
            "one": packJSON(id: "one", tag: "[x]"), "two": packJSON(id: "two", tag: "[y]", aliases: ["[x]"]),
        ])
        #expect(
            found.contains {
                $0.file.hasSuffix("two/pack.json") && $0.entry == "stickers[1] [y]"
                    && $0.message.contains("duplicate code \"[x]\"") && $0.message.contains("one stickers[1]")
            })
        #expect(found.contains { $0.message.contains("duplicate code \"[ok]\"") })
    }

    @Test(arguments: [
        "[a[b]", "[]", "[line\\nbreak]", "[\(String(repeating: "长", count: 129))]", "nobrackets", "[tab\\tx]",
    ])
    func badTagSyntax(_ tag: String) throws {
        let found = try issues(["one": packJSON(id: "one", tag: tag)])
        #expect(
            found.contains {
                $0.file.hasSuffix("one/pack.json") && $0.entry?.hasPrefix("stickers[1]") == true
                    && $0.message.contains("bad code")
            }, "\(found)")
    }

    @Test func missingImage() throws {
        let found = try issues(["one": packJSON(id: "one", image: "gone.png")])
        #expect(
            found == [
                StickerPack.Issue(
                    file: found.first?.file ?? "", entry: "stickers[1] [a]", message: "missing image \"gone.png\"")
            ])
        #expect(found.first?.file.hasSuffix("one/pack.json") == true)
    }

    @Test(arguments: ["../two/a.png", "/etc/passwd", "a/../../x.png", "a b.png", "a\\\"x.png"])
    func imagePathThatLeavesThePackFolder(_ path: String) throws {
        let found = try issues(["one": packJSON(id: "one", image: path)])
        #expect(
            found.contains { $0.entry == "stickers[1] [a]" && $0.message.contains("leaves the pack folder") },
            "\(found)")
    }

    @Test func malformedJSON() throws {
        let found = try issues(["one": "{\"id\": \"one\", "])
        #expect(found.count == 1)
        #expect(found.first?.file.hasSuffix("one/pack.json") == true)
        // In the pack's words, not a request's: the parser is shared with the API, its wording is not.
        #expect(found.first?.message == "malformed JSON: pack.json is not valid JSON: expected a field name at byte 14")
        #expect(throws: JSONError(.invalidUTF8, "not valid UTF-8 (first bad byte at offset 8)")) {
            try StickerPack(packJSON: Array(#"{"id": ""#.utf8) + [0xFF] + Array(#""}"#.utf8))
        }
    }

    /// pack.json is read as strictly as an API body: a field the format does
    /// not have (a typo such as "alias") is an error, not silently dropped.
    @Test(arguments: [
        ("\"kind\":\"image\"", "\"kind\":\"image\",\"colour\":\"red\"", "\"colour\""),
        ("\"aliases\":[", "\"alias\":[\"[z]\"],\"aliases\":[", "\"stickers[1].alias\""),
        ("\"width\":32", "\"width\":32,\"frames\":2", "\"stickers[0].image.frames\""),
        ("\"zh\":\"x\"", "\"zh\":\"x\",\"ja\":\"x\"", "\"title.ja\""),
    ])
    func unknownFieldsInPackJSONNameTheFileAndTheField(_ anchor: String, _ replacement: String, _ field: String) throws
    {
        let json = packJSON(id: "one")
        #expect(json.contains(anchor))
        let found = try issues(["one": json.replacingOccurrences(of: anchor, with: replacement)])
        #expect(found.count == 1)
        #expect(found.first?.file.hasSuffix("one/pack.json") == true)
        #expect(found.first?.message.contains("unknown field \(field)") == true, "\(found)")
    }

    @Test func aPackWrittenByTheToolsReadsBackTheSame() throws {
        for pack in StickerCatalog.default.packs {
            #expect(try StickerPack(packJSON: pack.packJSON) == pack)
        }
    }

    @Test func wrongTypeInJSONNamesTheField() throws {
        let found = try issues([
            "one": packJSON(id: "one").replacingOccurrences(of: "\"width\":32", with: "\"width\":\"big\"")
        ])
        #expect(found.first?.message.contains("stickers[0].image.width") == true, "\(found)")
    }

    @Test func packIDMustMatchItsFolderAndBeSafe() throws {
        #expect(
            try issues(["one": packJSON(id: "two")]).contains {
                $0.entry == "id" && $0.message.contains("does not match")
            })
        #expect(
            try issues(["One": packJSON(id: "One")]).contains {
                $0.entry == "id" && $0.message.contains("must be 1–64")
            })
    }

    @Test func validationErrorsReadAsFileEntryMessage() throws {
        let found = try issues(["one": packJSON(id: "one", image: "gone.png")])
        #expect(
            found.first?.description.hasSuffix("one/pack.json: stickers[1] [a]: missing image \"gone.png\"") == true)
    }
}

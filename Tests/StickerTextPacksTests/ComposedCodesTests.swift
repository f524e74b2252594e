import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// Codes are written composed (NFC), as a keyboard types them: a tootctl
/// archive made on macOS names `ブロブ.png` decomposed (NFD), and `[ブロブ]`
/// typed did not render (issue 54, item 5).
struct ComposedCodesTests {
    static let composed = "ブロブ"
    static let decomposed = composed.decomposedStringWithCanonicalMapping

    @Test func aDecomposedFileNameBecomesTheComposedCodeATypedOneFinds() throws {
        #expect(!Self.composed.unicodeScalars.elementsEqual(Self.decomposed.unicodeScalars))
        let dir = PackFixtures.folder()
        let archive = dir.appendingPathComponent("blobs.tar.gz")
        PackFixtures.tarGz([("\(Self.decomposed).png", ImageBytes.png(width: 32, height: 32))], at: archive)
        let result = try PackConversion.importPacks(from: archive, format: .mastodon)
        let tag = try #require(result.packs.first?.pack.stickers.first?.tag)
        #expect(tag.unicodeScalars.elementsEqual("[\(Self.composed)]".unicodeScalars))
        #expect(result.notes.contains { $0.hasPrefix("codes written composed (NFC)") })
        let folder = dir.appendingPathComponent("packs")
        _ = try PackConversion.write(result.packs, into: folder)
        let catalog = try StickerCatalog.load(directory: folder.path)
        #expect(catalog.sticker(forCode: "[\(Self.composed)]") != nil)
        let html = try HTMLRenderer(catalog: catalog).render("[\(Self.composed)]")
        #expect(html.contains("<img"))
    }
}

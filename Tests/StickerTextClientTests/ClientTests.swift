import Foundation
import StickerTextClient
import Testing

/// The generated client against the live nginx + stickertext-server.
/// Tests/e2e/test_client.py starts the service and runs these with
/// STICKERTEXT_URL set (make test); without it there is no service to ask.
let serviceURL = ProcessInfo.processInfo.environment["STICKERTEXT_URL"].flatMap(URL.init(string:))

@Suite(.enabled(if: serviceURL != nil, "STICKERTEXT_URL names no running service"))
struct ClientTests {
    let service = StickerTextService(baseURL: serviceURL ?? URL(string: "http://127.0.0.1:1/")!)

    @Test func renderDrawsAStickerAndEscapesTheText() async throws {
        let rendered = try await service.render("hi [微笑] <b>", options: .init(size: 24))
        #expect(rendered.html.hasPrefix(#"hi <img class="sticker" src="/stickers/weibo/smile.png""#))
        #expect(rendered.html.contains(#"height="24""#))
        #expect(rendered.html.hasSuffix("&lt;b&gt;"))
        #expect(rendered.stickers.map(\.tag) == ["[微笑]"])
        // Render ranges are in the plain text: [微笑] is 4 UTF-16 units there.
        #expect(rendered.stickers.first?.range == .init(location: 3, length: 4))
    }

    @Test func pastingTwoStickersPutsTheCaretAfterThemCountingEachAsOne() async throws {
        let edited = try await service.paste("[哈哈][哈哈]", into: "ab", selection: .init(location: 1, length: 0))
        #expect(edited.text == "a[哈哈][哈哈]b")
        #expect(edited.selection == .init(location: 3, length: 0))
        #expect(edited.plainSelection == .init(location: 9, length: 0))
        #expect(edited.changed)
        #expect(edited.rejected == nil)
    }

    @Test func countMeasuresUnderAPolicy() async throws {
        let counts = try await service.count("你好[微笑]😀", policy: .init(maxLength: 10, countMode: .gb18030))
        #expect(counts.gb18030 == 14)
        #expect(counts.countMode == .gb18030)
        #expect(!counts.valid)
        #expect(counts.remaining == -4)
        #expect(counts.overBy == 4)
        #expect(counts.violations == [.maxLength])
        #expect(counts.stickers.map(\.tag) == ["[微笑]"])
        #expect(counts.emoji.map(\.emoji) == ["😀"])
    }

    @Test func searchFindsLaughingToTearsFirstByItsInitials() async throws {
        let found = try await service.search("xk", limit: 3)
        #expect(found.first?.tag == "[笑哭]")
        #expect(found.first?.name.zh == "笑哭")
        #expect(found.count <= 3)
    }

    @Test func aSelectionPastTheEndIsA400DecodedIntoItsTypedError() async throws {
        let error = await #expect(throws: StickerTextError.self) {
            try await service.paste("x", into: "ab", selection: .init(location: 9, length: 0))
        }
        #expect(error?.status == 400)
        #expect(error?.code == .outOfRange)
        #expect(error?.message.isEmpty == false)
    }

    @Test func anUnknownStickerIsA400WithItsOwnCode() async throws {
        let error = await #expect(throws: StickerTextError.self) {
            try await service.edit(.init(text: "", op: .insertSticker, tag: "[没有这个]"))
        }
        #expect(error?.code == .unknownSticker)
    }

    @Test func healthCountsThePacksServed() async throws {
        let health = try await service.health()
        #expect(health.packs == 5)
        #expect(health.stickers > 100)
        let packs = try await service.packs()
        #expect(packs.packs.count == health.packs)
    }
}

import Foundation
import StickerTextHTTP
import StickerTextJSON
import Testing

/// `GET /api/stickers?q=&limit=`: what it answers, its errors and its caching
/// headers. The ranking itself is the conformance corpus's (search.json).
struct SearchEndpointTests {
    let handler = APIHandler()

    func get(_ query: String, headers: [String: String] = [:], on handler: APIHandler? = nil) -> HTTPResponse {
        (handler ?? self.handler).handle(
            HTTPRequest(method: "GET", path: "/api/stickers", query: query, headers: headers))
    }

    func json(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    func stickers(_ response: HTTPResponse) -> [[String: Any]] {
        json(response)["stickers"] as? [[String: Any]] ?? []
    }

    @Test func theIssuesThreeQueriesEachListTheirStickerFirst() {
        #expect(stickers(get("q=xk")).first?["tag"] as? String == "[笑哭]")
        #expect(stickers(get("q=smile")).first?["tag"] as? String == "[微笑]")
        #expect(stickers(get("q=%EF%BD%84%EF%BD%8F%EF%BD%87%EF%BD%85")).first?["tag"] as? String == "[doge]")  // ｄｏｇｅ
    }

    @Test func aResultCarriesItsPackNamesImageURLsAndHowItMatched() throws {
        let first = try #require(stickers(get("q=xk")).first)
        #expect(first["pack"] as? String == "weibo")
        #expect(first["match"] as? String == "initials")
        #expect(first["name"] as? [String: String] == ["zh": "笑哭", "en": "laughing to tears"])
        #expect(first["pinyin"] as? String == "xiaoku")
        let image = try #require(first["image"] as? [String: Any])
        #expect(image["src"] as? String == "/stickers/weibo/lol.png")
        #expect(image["srcset"] as? String == "/stickers/weibo/lol@2x.png 2x, /stickers/weibo/lol@3x.png 3x")
    }

    @Test func anEmojiResultCarriesItsEmojiAndNoImage() throws {
        let first = try #require(stickers(get("q=%F0%9F%98%82")).first)  // 😂
        #expect(first["emoji"] as? String == "😂")
        #expect(first["image"] == nil)
        #expect(first["tag"] == nil)
    }

    @Test func theLimitCutsTheListAndDefaultsToTwenty() {
        #expect(stickers(get("q=x&limit=3")).count == 3)
        #expect(stickers(get("q=x&limit=3.0")).count == 3)
        #expect(stickers(get("q=x")).count == 20)
    }

    @Test(arguments: [
        ("", "invalid_request"), ("q=", "invalid_request"), ("limit=3", "invalid_request"),
        ("q=" + String(repeating: "a", count: 65), "invalid_request"), ("q=x&q=y", "invalid_request"),
        ("q=x&limit=0", "invalid_request"), ("q=x&limit=101", "invalid_request"), ("q=x&limit=ten", "invalid_request"),
        ("q=x&lang=en", "invalid_request"), ("q=%ZZ", "invalid_request"), ("q=%C3", "invalid_request"),
        ("q=x%00", "invalid_request"),
    ])
    func aBadQueryIsA400InTheAPIsErrorShape(_ query: String, _ code: String) {
        let response = get(query)
        #expect(response.status == .badRequest, "\(query)")
        #expect((json(response)["error"] as? [String: Any])?["code"] as? String == code, "\(query)")
        #expect(response.header("content-type") == "application/json; charset=utf-8")
    }

    @Test func sixtyFourCharactersAreAllowed() {
        #expect(get("q=" + String(repeating: "a", count: 64)).status == .ok)
        #expect(get("q=" + String(repeating: "%E7%AC%91", count: 64)).status == .ok)  // 笑 × 64
    }

    @Test func itIsOpenToOtherOriginsAndCacheable() {
        let response = get("q=xk")
        #expect(response.header("access-control-allow-origin") == "*")
        #expect(response.header("cache-control")?.contains("max-age") == true)
    }

    @Test func anUnchangedAnswerRevalidatesWith304() throws {
        let etag = try #require(get("q=xk").header("etag"))
        let again = get("q=xk", headers: ["If-None-Match": etag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(get("q=xk", headers: ["If-None-Match": "\"other\""]).status == .ok)
        #expect(get("q=hh").header("etag") != etag)
    }

    @Test func theETagNamesThePacksVersion() throws {
        let packsETag = try #require(handler.handle(HTTPRequest(method: "GET", path: "/api/packs")).header("etag"))
        let etag = try #require(get("q=xk").header("etag"))
        #expect(etag.hasPrefix(String(packsETag.dropLast()) + "-"))
        // Other packs answering the same query: another version, another tag.
        let other = try handlerOverAnotherPacksVersion()
        let otherETag = try #require(get("q=xk", on: other).header("etag"))
        #expect(otherETag != etag)
        #expect(get("q=xk", headers: ["If-None-Match": etag], on: other).status == .ok)
    }
}

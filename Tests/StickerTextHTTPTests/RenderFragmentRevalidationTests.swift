import StickerTextHTTP
import StickerTextJSON
import Testing

/// `GET /api/render`'s fragment is cached for a minute, then revalidated
/// by an ETag naming the packs' version and the fragment, as a search is.
struct RenderFragmentRevalidationTests {
    let handler = APIHandler()

    func fragment(_ query: String, _ headers: [String: String] = [:], on handler: APIHandler? = nil) -> HTTPResponse {
        (handler ?? self.handler).handle(
            HTTPRequest(method: "GET", path: "/api/render", query: query, headers: headers))
    }

    @Test func aFragmentHasAnETagAndIsCachedForAMinuteThenRevalidated() throws {
        let response = fragment("text=hi+%5Bdoge%5D")
        #expect(response.status == .ok)
        let etag = try #require(response.header("etag"))
        #expect(etag.wholeMatch(of: /"[0-9a-f]{16}-[0-9a-f]{16}"/) != nil, "\(etag)")
        #expect(response.header("cache-control") == "public, max-age=60, must-revalidate")
        #expect(response.header("content-type") == "text/html; charset=utf-8")
        #expect(response.header("access-control-allow-origin") == "*")
    }

    @Test func anUnchangedFragmentRevalidatesWith304() throws {
        let etag = try #require(fragment("text=hi+%5Bdoge%5D").header("etag"))
        for header in [etag, "W/\(etag)", "\"nope\", \(etag)", "*"] {
            let again = fragment("text=hi+%5Bdoge%5D", ["If-None-Match": header])
            #expect(again.status == .notModified, "\(header)")
            #expect(again.body.isEmpty)
            #expect(again.header("etag") == etag)
            #expect(again.header("access-control-allow-origin") == "*")
            #expect(again.header("cache-control") == "public, max-age=60, must-revalidate")
        }
        #expect(fragment("text=hi+%5Bdoge%5D", ["If-None-Match": "\"other\""]).status == .ok)
    }

    @Test func theETagChangesWithTheTextAndTheOptions() throws {
        let etag = try #require(fragment("text=hi+%5Bdoge%5D").header("etag"))
        #expect(fragment("text=ho+%5Bdoge%5D").header("etag") != etag)
        #expect(fragment("text=hi+%5Bdoge%5D&size=24").header("etag") != etag)
        #expect(fragment("text=ho+%5Bdoge%5D", ["If-None-Match": etag]).status == .ok)
    }

    @Test func theETagNamesThePacksVersion() throws {
        let packsETag = try #require(handler.handle(HTTPRequest(method: "GET", path: "/api/packs")).header("etag"))
        let etag = try #require(fragment("text=hi").header("etag"))
        #expect(etag.hasPrefix(String(packsETag.dropLast()) + "-"))
        // The same fragment from other packs (no sticker in it): another version, another tag.
        let other = try handlerOverAnotherPacksVersion()
        #expect(fragment("text=hi", on: other).body == fragment("text=hi").body)
        #expect(fragment("text=hi", on: other).header("etag") != etag)
        #expect(fragment("text=hi", ["If-None-Match": etag], on: other).status == .ok)
    }

    @Test func anErrorHasNoETag() {
        let response = fragment("text=a&size=4")
        #expect(response.status == .badRequest)
        #expect(response.header("etag") == nil)
        #expect(response.header("cache-control") == "no-store")
    }
}

import Foundation
import StickerTextHTTP
import StickerTextJSON
import Testing

/// Every answer is bounded: a POST's by the answer limit, a GET fragment's
/// by the fragment limit; over it, `413 answer_too_large` before any of it is
/// sent. An answer too large to hold, under the limit, goes in pieces.
struct AnswerTooLargeTests {
    let handler = APIHandler()

    func json(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.wholeBody))) as? [String: Any] ?? [:]
    }

    func errorCode(_ response: HTTPResponse) -> String? {
        (json(response)["error"] as? [String: Any])?["code"] as? String
    }

    /// A POST of `body` as JSON.
    static func post(_ path: String, _ body: String) -> HTTPRequest {
        HTTPRequest(method: "POST", path: path, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }

    static let longBaseURL = "https://x.example/" + String(repeating: "a", count: 480) + "/"

    /// The issue's first row: 1 MiB of `[ok]` with a 500-character baseURL
    /// and a 60-character className answered half a gigabyte.
    @Test func theAmplifyingRenderIs413AnswerTooLarge() throws {
        let text = String(repeating: "[ok]", count: (1 << 20) / 4 - 200)
        let className = String(repeating: "c", count: 60)
        let body = #"{"text":"\#(text)","options":{"baseURL":"\#(Self.longBaseURL)","className":"\#(className)"}}"#
        let response = handler.handle(Self.post("/api/render", body))
        #expect(response.status == .payloadTooLarge)
        #expect(errorCode(response) == "answer_too_large")
        #expect(response.header("cache-control") == "no-store")
        let message = try #require((json(response)["error"] as? [String: Any])?["message"] as? String)
        // A body a little under 1 MiB: 16 times it is a little under the service's 16 MiB.
        #expect(message.contains("over the limit of \(min(AnswerLimit.defaultMost, 16 * body.utf8.count)) bytes"))
    }

    /// The issue's fourth row: an 8 KB URL of short codes gave a 3.2 MB fragment.
    @Test func aLongGETOfShortCodesIsBoundedByTheFragmentLimit() {
        let codes = String(repeating: "[ok]", count: 1900)
        let long = handler.handle(
            HTTPRequest(method: "GET", path: "/api/render", query: "baseURL=\(Self.longBaseURL)&text=\(codes)"))
        #expect(long.status == .payloadTooLarge)
        #expect(errorCode(long) == "answer_too_large")
        #expect(long.header("access-control-allow-origin") == nil)
        // With the default options the longest URL's codes fit.
        let plain = handler.handle(HTTPRequest(method: "GET", path: "/api/render", query: "text=\(codes)"))
        #expect(plain.status == .ok)
        #expect(plain.body.count <= APIHandler.fragmentLimit)
        #expect(plain.body.count > 1900 * 100)
    }

    /// Under the limit but over what is held: the pieces, with their count for Content-Length.
    @Test(arguments: ["/api/render", "/api/edit", "/api/count"])
    func anAnswerTooLargeToHoldIsSentInPieces(path: String) throws {
        let small = APIHandler(answerLimit: AnswerLimit(most: 16 << 20, held: 4096))
        let body = #"{"text":"\#(String(repeating: "[微笑]好😀", count: 400))","op":"selectAll"}"#
        let editless = path == "/api/edit" ? body : body.replacingOccurrences(of: #","op":"selectAll""#, with: "")
        let request = Self.post(path, editless)
        let response = small.handle(request)
        #expect(response.status == .ok)
        let pieces = try #require(response.pieces)
        #expect(response.body.isEmpty)
        #expect(response.bodyCount == pieces.count)
        let held = handler.handle(request)
        #expect(held.pieces == nil)
        #expect(response.wholeBody == held.body)
        #expect(held.body.count > 4096)
    }

    /// Issue 56's row: a 35 KB body of short codes with a long baseURL
    /// rendered to 16 MiB, under the service's limit, ~28 ms of a worker each.
    /// Bytes out now scale with bytes in: refused from the stickers' count,
    /// by 16 times the body, on every endpoint; a long text with stickers
    /// among its words is answered as before.
    @Test(arguments: ["/api/render", "/api/edit"])
    func aSmallBodyCannotMakeALargeAnswer(path: String) throws {
        let codes = String(repeating: "[ok]", count: 8_000)
        let op = path == "/api/edit" ? #","op":"selectAll""# : ""
        let body = #"{"text":"\#(codes)","options":{"baseURL":"\#(Self.longBaseURL)"}\#(op)}"#
        let plain = #"{"text":"\#(codes)"\#(op)}"#
        for sent in path == "/api/render" ? [body, plain] : [plain] {
            let response = handler.handle(Self.post(path, sent))
            #expect(response.status == .payloadTooLarge)
            #expect(errorCode(response) == "answer_too_large")
            let message = try #require((json(response)["error"] as? [String: Any])?["message"] as? String)
            #expect(message.contains("16 times the request's \(sent.utf8.count) bytes"), "\(message)")
        }
        let text = String(repeating: "一二三四五六七八九十[微笑]", count: 20_000)
        let long = handler.handle(Self.post(path, #"{"text":"\#(text)"\#(op)}"#))
        #expect(long.status == .ok)
        #expect(long.bodyCount > 4 << 20)
    }

    /// The limit applies whatever the endpoint: a count's lists too.
    @Test func aCountsListsAreBoundedToo() {
        let tight = APIHandler(answerLimit: AnswerLimit(most: 1 << 16))
        let body = #"{"text":"\#(String(repeating: "[ok]😀", count: 2000))"}"#
        let response = tight.handle(Self.post("/api/count", body))
        #expect(response.status == .payloadTooLarge)
        #expect(errorCode(response) == "answer_too_large")
    }
}

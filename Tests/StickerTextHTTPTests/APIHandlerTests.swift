import Foundation
import StickerTextHTTP
import StickerTextJSON
import Testing

/// The HTTP mapping, without sockets: every endpoint and every error status.
struct APIHandlerTests {
    let handler = APIHandler(bodyLimit: 1000)

    func post(_ path: String, _ body: String, contentType: String? = "application/json") -> HTTPResponse {
        handler.handle(
            HTTPRequest(
                method: "POST", path: path, headers: contentType.map { ["Content-Type": $0] } ?? [:],
                body: Array(body.utf8)))
    }

    func json(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    func errorCode(_ response: HTTPResponse) -> String? {
        (json(response)["error"] as? [String: Any])?["code"] as? String
    }

    @Test func health() {
        let response = handler.handle(HTTPRequest(method: "GET", path: "/api/health"))
        #expect(response.status == .ok)
        #expect(json(response)["status"] as? String == "ok")
        #expect(response.header("content-type") == "application/json; charset=utf-8")
    }

    @Test func packsHaveAnETagRevalidateAndAreOpenToOtherSites() throws {
        let response = handler.handle(HTTPRequest(method: "GET", path: "/api/packs"))
        #expect(response.status == .ok)
        let etag = try #require(response.header("etag"))
        #expect(response.header("cache-control")?.contains("max-age") == true)
        #expect(response.header("access-control-allow-origin") == "*")
        let packs = try #require(json(response)["packs"] as? [[String: Any]])
        #expect(packs.map { $0["id"] as? String } == ["weibo", "things", "animals", "emoji", "motion"])
        let first = try #require((packs[0]["stickers"] as? [[String: Any]])?.first)
        let image = try #require(first["image"] as? [String: Any])
        #expect(image["src"] as? String == "/stickers/weibo/smile.png")
        #expect(image["srcset"] as? String == "/stickers/weibo/smile@2x.png 2x, /stickers/weibo/smile@3x.png 3x")
        for header in [etag, "W/\(etag)", "\"nope\", \(etag)", "*"] {
            let again = handler.handle(
                HTTPRequest(method: "GET", path: "/api/packs", headers: ["If-None-Match": header]))
            #expect(again.status == .notModified, "\(header)")
            #expect(again.body.isEmpty)
            #expect(again.header("etag") == etag)
            #expect(again.header("access-control-allow-origin") == "*")
        }
        #expect(
            handler.handle(HTTPRequest(method: "GET", path: "/api/packs", headers: ["If-None-Match": "\"other\""]))
                .status == .ok)
    }

    @Test func postRender() {
        let response = post("/api/render", #"{"text":"hi [微笑] <b>"}"#)
        #expect(response.status == .ok)
        #expect(
            (json(response)["html"] as? String)?.contains(#"<img class="sticker" src="/stickers/weibo/smile.png""#)
                == true)
        #expect((json(response)["html"] as? String)?.hasSuffix("&lt;b&gt;") == true)
    }

    /// What `curl -d`, an HTML form or another site's `no-cors` fetch sends,
    /// JSON body or not: refused, so that another site's page cannot call
    /// the API without a CORS preflight.
    @Test func onlyJSONIsReadAsJSON() {
        for contentType in [
            "application/x-www-form-urlencoded", "text/plain", "text/plain;charset=UTF-8",
            "multipart/form-data; boundary=x", nil,
        ] {
            for path in ["/api/render", "/api/edit", "/api/count"] {
                let response = post(path, #"{"text":"hi [微笑]","op":"selectAll"}"#, contentType: contentType)
                #expect(response.status == .unsupportedMediaType, "\(path) \(contentType ?? "none")")
                #expect(errorCode(response) == "unsupported_media_type")
                #expect(response.header("access-control-allow-origin") == nil)
            }
        }
        #expect(
            post("/api/render", #"{"text":"hi [微笑]"}"#, contentType: "Application/JSON; charset=utf-8").status == .ok)
    }

    @Test func getRenderIsAnEmbeddableFragment() {
        let response = handler.handle(
            HTTPRequest(
                method: "GET", path: "/api/render",
                query: "text=hi+%5B%E5%BE%AE%E7%AC%91%5D%3Cb%3E&baseURL=https%3A%2F%2Fx.example%2F&size=24"))
        #expect(response.status == .ok)
        #expect(response.header("content-type") == "text/html; charset=utf-8")
        #expect(response.header("access-control-allow-origin") == "*")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.hasPrefix(#"hi <img class="sticker" src="https://x.example/stickers/weibo/smile.png""#))
        #expect(html.contains(#"width="24" height="24""#))
        #expect(html.hasSuffix("&lt;b&gt;"))
    }

    @Test func theFragmentOpenedOnItsOwnMayShowImagesOfThisOriginAndNothingElse() throws {
        let response = handler.handle(
            HTTPRequest(method: "GET", path: "/api/render", query: "text=%5B%E5%BE%AE%E7%AC%91%5D"))
        #expect(response.status == .ok)
        let policy = try #require(response.header("content-security-policy"))
        let directives = Dictionary(
            uniqueKeysWithValues: policy.split(separator: ";").map {
                let words = $0.split(separator: " ").map(String.init)
                return (words[0], Array(words.dropFirst()))
            })
        #expect(directives["default-src"] == ["'none'"])
        #expect(directives["img-src"] == ["'self'"])
        for directive in ["base-uri", "form-action", "frame-ancestors"] {
            #expect(directives[directive] == ["'none'"], "\(directive)")
        }
        #expect(directives["sandbox"] == [])
        #expect(directives.keys.filter { $0.hasPrefix("script") || $0.hasPrefix("style") }.isEmpty)
        // The images it has are the service's own, under /stickers/.
        #expect(String(decoding: response.body, as: UTF8.self).contains(#"src="/stickers/weibo/smile.png""#))
        let revalidated = handler.handle(
            HTTPRequest(
                method: "GET", path: "/api/render", query: "text=%5B%E5%BE%AE%E7%AC%91%5D",
                headers: ["If-None-Match": response.header("etag") ?? ""]))
        #expect(revalidated.status == .notModified)
        #expect(revalidated.header("content-security-policy") == policy)
    }

    @Test func queryOptionsAreReadByTheSameDecoderAsJSONOptions() {
        // 24.0 is the integer 24 in the query as in JSON; 0/1 are booleans.
        let query = handler.handle(
            HTTPRequest(method: "GET", path: "/api/render", query: "text=%5Bdoge%5D&size=24.0&lineBreaks=0"))
        let json = post("/api/render", #"{"text":"[doge]","options":{"size":24,"lineBreaks":false}}"#)
        let html = (try? JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])?["html"] as? String
        #expect(query.status == .ok)
        #expect(String(decoding: query.body, as: UTF8.self) == html)
    }

    @Test func langChoosesTheAriaLabelInQueryAndJSONAlike() {
        let query = handler.handle(
            HTTPRequest(method: "GET", path: "/api/render", query: "text=%5B%E5%BE%AE%E7%AC%91%5D&lang=en"))
        let json = post("/api/render", #"{"text":"[微笑]","options":{"lang":"en"}}"#)
        let html = (try? JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])?["html"] as? String
        #expect(query.status == .ok)
        #expect(String(decoding: query.body, as: UTF8.self) == html)
        #expect(html?.contains(#"alt="[微笑]" title="微笑" aria-label="smile""#) == true)
        let bad = handler.handle(HTTPRequest(method: "GET", path: "/api/render", query: "text=a&lang=fr"))
        #expect(String(decoding: bad.body, as: UTF8.self).contains(#"lang must be one of zh, en, not \"fr\""#))
    }

    @Test(arguments: [
        "text=%ZZ", "text=%E5%BE", "nothing=1", "", "text=a&size=big", "text=a&wrapEmoji=maybe",
        "text=a&baseURL=javascript:x",
        "text=a&size=24.5", "text=a&size=4", "text=a&text=b", "text=a&size=20&size=21", "text=a&options=x",
        "text=a&lang=fr", "text=a&lang=EN", "text=a&lang=", "text=a&lang=en&lang=zh",
    ])
    func badRenderQueries(_ query: String) {
        let response = handler.handle(HTTPRequest(method: "GET", path: "/api/render", query: query))
        #expect(response.status == .badRequest)
        #expect(errorCode(response) != nil)
    }

    @Test func editAndCount() {
        let edit = post(
            "/api/edit", #"{"text":"ab","selection":{"location":1,"length":0},"op":"paste","string":"[哈哈][哈哈]"}"#)
        #expect(edit.status == .ok)
        #expect((json(edit)["selection"] as? [String: Any])?["location"] as? Int == 3)
        let count = post("/api/count", #"{"text":"你好"}"#)
        #expect(json(count)["gb18030"] as? Int == 4)
    }

    @Test(arguments: [
        ("{", "invalid_json"), (#"{"text":"a","op":"dance"}"#, "invalid_request"),
        (#"{"text":"a\ud800","op":"copy"}"#, "invalid_json"),
        (#"{"text":"ab","selection":{"location":5,"length":0},"op":"copy"}"#, "out_of_range"),
        (#"{"text":"ab","selection":{"location":-1,"length":0},"op":"copy"}"#, "out_of_range"),
        (#"{"text":"ab","op":"insertSticker","tag":"[nope]"}"#, "unknown_sticker"),
        (#"{"text":"ab","op":"moveCaret","offset":1e400}"#, "invalid_request"),  // valid JSON, not a whole number
    ])
    func badEditBodies(_ body: String, _ code: String) {
        let response = post("/api/edit", body)
        #expect(response.status == .badRequest)
        #expect(errorCode(response) == code, "\(String(decoding: response.body, as: UTF8.self))")
    }

    @Test func invalidUTF8Body() {
        let response = handler.handle(
            HTTPRequest(
                method: "POST", path: "/api/count", headers: ["content-type": "application/json"],
                body: [0x7B, 0x22, 0x74, 0xFF, 0x22, 0x7D]))
        #expect(response.status == .badRequest)
        #expect(errorCode(response) == "invalid_utf8")
    }

    @Test func tooLarge() {
        #expect(post("/api/count", #"{"text":"\#(String(repeating: "a", count: 2000))"}"#).status == .payloadTooLarge)
        let flagged = handler.handle(
            HTTPRequest(
                method: "POST", path: "/api/edit", headers: ["content-type": "application/json"], bodyTooLarge: true))
        #expect(flagged.status == .payloadTooLarge)
        #expect(errorCode(flagged) == "payload_too_large")
    }

    @Test(arguments: ["text/plain", "application/xml", "application/json; charset=latin1", "multipart/form-data"])
    func wrongContentType(_ type: String) {
        let response = post("/api/count", #"{"text":"a"}"#, contentType: type)
        #expect(response.status == .unsupportedMediaType)
        #expect(errorCode(response) == "unsupported_media_type")
    }

    @Test func missingContentType() {
        #expect(post("/api/count", #"{"text":"a"}"#, contentType: nil).status == .unsupportedMediaType)
    }

    /// The body would be read as the coded bytes, not the text (RFC 9110 §12.5.3: 415, with the codings taken).
    @Test(arguments: ["gzip", "GZIP", "deflate", "br", "x-gzip", "identity, gzip", "compress"])
    func aBodyWithAContentCodingIsRefused(_ coding: String) {
        for path in ["/api/render", "/api/edit", "/api/count"] {
            let response = handler.handle(
                HTTPRequest(
                    method: "POST", path: path,
                    headers: ["Content-Type": "application/json", "Content-Encoding": coding],
                    body: Array(#"{"text":"a","op":"selectAll"}"#.utf8)))
            #expect(response.status == .unsupportedMediaType, "\(path) \(coding)")
            #expect(errorCode(response) == "unsupported_media_type")
            #expect(response.header("accept-encoding") == "identity")
        }
    }

    @Test(arguments: ["", "identity", " Identity "])
    func aBodyWithoutAContentCodingIsRead(_ coding: String) {
        let response = handler.handle(
            HTTPRequest(
                method: "POST", path: "/api/count",
                headers: ["Content-Type": "application/json", "Content-Encoding": coding],
                body: Array(#"{"text":"a"}"#.utf8)))
        #expect(response.status == .ok, "\(coding)")
    }

    @Test(arguments: [
        ("GET", "/api/edit", "POST"), ("PUT", "/api/render", "GET, HEAD, POST"), ("DELETE", "/api/packs", "GET, HEAD"),
        ("POST", "/api/health", "GET, HEAD"),
    ])
    func wrongMethod(_ method: String, _ path: String, _ allow: String) {
        let response = handler.handle(HTTPRequest(method: method, path: path))
        #expect(response.status == .methodNotAllowed)
        #expect(response.header("allow") == allow)
        #expect(errorCode(response) == "method_not_allowed")
    }

    @Test func unknownPath() {
        let response = handler.handle(HTTPRequest(method: "GET", path: "/api/nope"))
        #expect(response.status == .notFound)
        #expect(errorCode(response) == "not_found")
    }
}

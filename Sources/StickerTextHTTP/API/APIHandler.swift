import Foundation
import StickerText
import StickerTextJSON

/// The HTTP face of the JSON API: routes, methods, content types, status
/// codes and headers over `StickerTextAPI`. A pure function of the request,
/// so any worker (or any backend) may answer any request.
public struct APIHandler: Sendable {
    public static let defaultBodyLimit = 1 << 20

    public let api: StickerTextAPI
    public let bodyLimit: Int
    /// The bounds of a POST's answer: at most `most` bytes (else `413
    /// answer_too_large`, before any of it is built), held in memory up to `held`.
    public let answerLimit: AnswerLimit
    private let packs: PacksDocument
    private let health: [UInt8]

    /// The most bytes a `GET /api/render` fragment may be, or the answer
    /// limit if lower: a fragment is held whole (its ETag is of its bytes)
    /// and cached by nginx per URL. A message's fragment is a few kilobytes;
    /// the longest URL's (8 KiB of text, all stickers, the default options)
    /// fits, and longer ones go in a POST.
    public static let fragmentLimit = 1 << 20

    public init(
        catalog: StickerCatalog = .default, bodyLimit: Int = APIHandler.defaultBodyLimit,
        answerLimit: AnswerLimit = AnswerLimit(most: AnswerLimit.defaultMost)
    ) {
        api = StickerTextAPI(catalog: catalog)
        self.bodyLimit = bodyLimit
        self.answerLimit = answerLimit
        packs = PacksDocument(catalog: catalog)
        let stickers = catalog.packs.reduce(0) { $0 + $1.stickers.count }
        health = Array(#"{"status":"ok","packs":\#(catalog.packs.count),"stickers":\#(stickers)}"#.utf8)
    }

    /// The answer to `request`, routed here.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        handle(request, route: Route(path: request.path))
    }

    /// The answer to `request`, whose path the caller has routed already
    /// (the worker routes each request once, for its metrics too).
    public func handle(_ request: HTTPRequest, route: Route?) -> HTTPResponse {
        guard let route, route.isAPI else { return notFound(request) }
        guard route.allows(request.method) else { return .methodNotAllowed(request.method, on: route) }
        switch route {
        case .health: return .json(.ok, health, cache: "no-store")
        case .packs: return packsResponse(request)
        case .stickers: return searchResponse(request)
        case .render where request.method == "POST": return post(request, .render)
        case .render: return renderFragment(request)
        case .edit: return post(request, .edit)
        case .count: return post(request, .count)
        // Not the API's (the guard above): the worker answers it with
        // `MetricsRoute`, which reads the scoreboard this handler has not.
        case .metrics: return notFound(request)
        }
    }

    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        error(APIError(.notFound, "no such endpoint: \(request.path); see /openapi.yaml"))
    }

    // MARK: - Endpoints

    /// `GET /api/packs`: CORS open, because the embed script
    /// (`public/embed/stickertext.js`) reads it from other sites' pages.
    /// Gzipped when the request accepts it, from the body compressed once per
    /// catalog rather than by nginx on every request; either way it varies on
    /// `Accept-Encoding`, so a cache keeps the two apart, and each
    /// representation has its own ETag, so a 304 confirms the one asked for.
    private func packsResponse(_ request: HTTPRequest) -> HTTPResponse {
        let headers = [("Vary", "Accept-Encoding"), Self.openToOtherSites]
        if let gzipped = packs.gzipped, AcceptEncoding.allowsGzip(request.headers["accept-encoding"]) {
            return revalidated(
                request, body: gzipped, etag: packs.gzipETag, contentType: HTTPResponse.jsonContentType,
                contentEncoding: "gzip", headers: headers)
        }
        return revalidated(
            request, body: packs.body, etag: packs.etag, contentType: HTTPResponse.jsonContentType, headers: headers)
    }

    /// `GET /api/stickers?q=…&limit=…`: the stickers a query finds, best
    /// first; CORS open, cacheable, and its ETag names the packs' version
    /// (the packs document's tag) and the answer, so a pack reload changes it.
    private func searchResponse(_ request: HTTPRequest) -> HTTPResponse {
        let body: [UInt8]
        do {
            body = try api.search(textValues: queryPairs(request))
        } catch {
            return self.error(error)
        }
        return revalidated(
            request, body: body, etag: packs.etag(ofAnswer: body), contentType: HTTPResponse.jsonContentType,
            headers: [Self.openToOtherSites])
    }

    /// `GET /api/render?text=…`: an HTML fragment for other sites, CORS open;
    /// revalidated like a search, its ETag naming the packs' version and the
    /// fragment, so that after a pack reload no cache keeps an old fragment
    /// for more than a minute. Under `fragmentPolicy` when opened on its own.
    private func renderFragment(_ request: HTTPRequest) -> HTTPResponse {
        let pairs: [(name: String, value: String)]
        do {
            pairs = try queryPairs(request)
        } catch {
            return self.error(error)
        }
        // `text` is the fragment's; every other parameter is a render option.
        // Names compared in bytes, as everywhere a client's string is: a
        // `String` is normalized to compare, quadratic in a run of marks.
        let texts = pairs.filter { $0.name.utf8.elementsEqual("text".utf8) }
        guard texts.count == 1 else {
            return error(
                APIError(.invalidRequest, texts.isEmpty ? "the text parameter is required" : "text is given twice"))
        }
        let text = texts[0].value
        let options: RenderOptions
        do {
            options = try RenderOptions(
                textValues: pairs.filter { !$0.name.utf8.elementsEqual("text".utf8) }, others: ["text"])
        } catch {
            return self.error(error)
        }
        do {
            let body = try api.renderFragment(
                text, options: options, limit: min(Self.fragmentLimit, answerLimit.most))
            return revalidated(
                request, body: body, etag: packs.etag(ofAnswer: body), contentType: "text/html; charset=utf-8",
                headers: [Self.openToOtherSites, ("Content-Security-Policy", Self.fragmentPolicy)])
        } catch {
            return self.error(error)
        }
    }

    private enum JSONEndpoint { case render, edit, count }

    private func post(_ request: HTTPRequest, _ endpoint: JSONEndpoint) -> HTTPResponse {
        if request.bodyTooLarge || request.body.count > bodyLimit {
            return error(.bodyTooLarge(limit: String(bodyLimit)))
        }
        guard Self.isJSON(request.headers["content-type"]) else {
            return error(
                APIError(
                    .unsupportedMediaType,
                    "send the body as Content-Type: application/json (UTF-8); no other media type is read as JSON"))
        }
        // A compressed body would be read as its coded bytes: refused, saying
        // which coding is taken (RFC 9110 §12.5.3).
        guard Self.hasNoContentCoding(request.headers["content-encoding"]) else {
            var response = error(
                APIError(
                    .unsupportedMediaType,
                    "send the body uncompressed: no Content-Encoding (gzip or any other) is taken"))
            response.headers.append(("Accept-Encoding", "identity"))
            return response
        }
        // Bytes out scale with bytes in (`AnswerLimit.forRequest`): a small body
        // cannot make a large answer.
        let limit = answerLimit.forRequest(ofBytes: request.body.count)
        do {
            let answer =
                switch endpoint {
                case .render: try api.render(request.body, limit: limit)
                case .edit: try api.edit(request.body, limit: limit)
                case .count: try api.count(request.body, limit: limit)
                }
            return .json(.ok, answer, cache: "no-store")
        } catch {
            return self.error(error)
        }
    }

    // MARK: - Helpers

    /// The query string's parameters, or the 400 a malformed one gets.
    private func queryPairs(_ request: HTTPRequest) throws(APIError) -> [(name: String, value: String)] {
        do {
            return try QueryString.parse(request.query)
        } catch {
            throw APIError(.invalidRequest, error.message)
        }
    }

    /// An answer cached for 60 s and then revalidated: 304 when
    /// `If-None-Match` names `etag`, the body otherwise. `headers` go on
    /// both; the content type and coding describe the body, so only the 200
    /// has them (RFC 9110 §15.4.5: a 304 carries no other representation metadata).
    private func revalidated(
        _ request: HTTPRequest, body: [UInt8], etag: String, contentType: String,
        contentEncoding: String? = nil, headers extra: [(String, String)]
    ) -> HTTPResponse {
        let headers = [("ETag", etag), ("Cache-Control", "public, max-age=60, must-revalidate")] + extra
        if let tags = request.headers["if-none-match"], Self.matches(tags, etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let representation =
            [("Content-Type", contentType)] + (contentEncoding.map { [("Content-Encoding", $0)] } ?? [])
        return HTTPResponse(status: .ok, headers: representation + headers, body: body)
    }

    /// CORS open: the embed script and other sites' pages read these answers.
    private static let openToOtherSites = ("Access-Control-Allow-Origin", "*")

    /// The render fragment's Content-Security-Policy, for a browser that
    /// opens its URL as a page (a site that puts the fragment into its own
    /// page is under that page's policy). The fragment is text, `<br>`,
    /// spans and sticker images from the service's `/stickers/`: images from
    /// this origin and nothing else, no script, style, frame, form or base;
    /// `sandbox` gives it an opaque origin too, so that even markup that got
    /// into it could reach nothing of this origin's. A `baseURL` naming
    /// another origin shows its images where the fragment is embedded, not here.
    public static let fragmentPolicy =
        "default-src 'none'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox"

    private func error(_ error: APIError) -> HTTPResponse { .error(error) }

    /// `application/json`, in UTF-8, and nothing else: not even
    /// `application/x-www-form-urlencoded` or `text/plain` with a JSON body.
    /// Those are what a page on another site may send without a CORS
    /// preflight (an HTML form, or `fetch` with `mode: 'no-cors'`), so taking
    /// them would let any page make its visitors' browsers call the API; a
    /// browser sends `application/json` to another origin only after a
    /// preflight, which the API does not grant (docs/api.md, "CORS").
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        // This runs on every POST: an ASCII header (any real one) is read in
        // its bytes, with no String made; `isJSON(unicode:)` says what the
        // rule is, and takes the rest, where Unicode's equivalences and
        // grapheme clusters decide what is a `;` or a space.
        var utf8 = contentType
        return utf8.withUTF8 { bytes in
            // What clients send, nearly always: the rule's answer without walking it.
            if equals(bytes, "application/json") { return true }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return isJSON(unicode: contentType) }
            var first = true
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
                let part = bytes[start..<end]
                start = end + 1
                if part.isEmpty { continue }  // as `split` omits empty parts
                if first {
                    guard compacted(part, is: "application/json") else { return false }
                    first = false
                } else if compacted(part, is: "charset=", prefix: true)
                    && !compacted(part, is: "charset=utf-8") && !compacted(part, is: "charset=\"utf-8\"")
                {
                    return false
                }
            }
            return !first
        }
    }

    /// The rule of `isJSON`: lower case, `;`-separated, spaces and tabs ignored.
    static func isJSON(unicode contentType: String) -> Bool {
        // No media type is that long; a longer one is refused before its
        // characters are compared (a String's comparison normalizes, which a
        // long run of combining marks makes quadratic).
        guard contentType.utf8.count <= 256 else { return false }
        let parts = contentType.lowercased().split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" } }
        guard parts.first == "application/json" else { return false }
        return parts.dropFirst().allSatisfy {
            $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" || !$0.hasPrefix("charset=")
        }
    }

    /// No `Content-Encoding`, or only `identity` (RFC 9110's name for none).
    static func hasNoContentCoding(_ contentEncoding: String?) -> Bool {
        guard let contentEncoding else { return true }
        // In bytes (a coding is an ASCII token): see `matches`.
        return contentEncoding.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).allSatisfy {
            let coding = $0.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
            return coding.isEmpty || (coding.count == 8 && zip(coding, "identity".utf8).allSatisfy { $0 | 0x20 == $1 })
        }
    }

    /// Whether `bytes` are exactly `text`'s.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount
            && (bytes.count == 0 || memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0)
    }

    /// Whether ASCII `part`, in lower case and without spaces and tabs, is
    /// `target` (lower case), or with `prefix` starts with it.
    private static func compacted(
        _ part: Slice<UnsafeBufferPointer<UInt8>>, is target: StaticString, prefix: Bool = false
    ) -> Bool {
        let expected = UnsafeBufferPointer(start: target.utf8Start, count: target.utf8CodeUnitCount)
        var matched = 0
        for byte in part where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
            if matched == expected.count { return prefix }
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard lower == expected[matched] else { return false }
            matched += 1
        }
        return matched == expected.count
    }

    /// `If-None-Match`: `*`, or a list of (possibly weak) tags.
    static func matches(_ header: String, _ etag: String) -> Bool {
        // In bytes, as RFC 9110 compares tags: a `String` is normalized to
        // compare, and 8 KiB of combining marks in this header cost 23 ms.
        let weak = Array("W/".utf8) + etag.utf8
        return header.utf8.split(separator: UInt8(ascii: ",")).contains {
            let tag = $0.filter { $0 != 0x20 && $0 != 0x09 }
            return tag.elementsEqual("*".utf8) || tag.elementsEqual(etag.utf8) || tag.elementsEqual(weak)
        }
    }
}

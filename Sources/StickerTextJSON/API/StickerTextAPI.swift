import Foundation
import StickerText

/// The JSON API as pure functions from request bytes to response bytes,
/// shared by the CLI and the server (which adds only HTTP around it). The
/// bodies (`EditRequest`, `EditResponse`, `CountRequest`, `RenderRequest`)
/// are read by the core's strict reader (`JSONFields`) and written by
/// `JSONWriter`; a request that cannot be read, or that the core refuses,
/// becomes an `APIError` here, at the edge.
public struct StickerTextAPI: Sendable {
    public let catalog: StickerCatalog
    /// Built once, one per language of the default options: a renderer
    /// prepares the markup of every code, which other options pay per request.
    private let defaultRenderers: [JSONStringHTML]
    /// The one of `RenderOptions()`, what an edit's HTML and a render
    /// without `options` use: taken as it is, with no options to check and
    /// compare (~1.4k instructions a request).
    private let defaultRenderer: JSONStringHTML
    /// The renderers of other options used last, shared by the threads of a
    /// worker: a site that passes its own `baseURL` or `size` passes the
    /// same ones each time, and preparing a renderer costs 30 small renders.
    private let recentRenderers = RecentRenderers()
    private let listings: StickerListings

    public init(catalog: StickerCatalog = .default) {
        self.catalog = catalog
        // Default options are valid in every language.
        defaultRenderers = RenderOptions.Language.allCases.map {
            JSONStringHTML(try! HTMLRenderer(catalog: catalog, options: RenderOptions(lang: $0)))
        }
        defaultRenderer = defaultRenderers.first { $0.renderer.options == RenderOptions() }!
        listings = StickerListings(catalog: catalog)
    }

    // MARK: - The POST endpoints
    //
    // Each answers in two forms: its bytes whole ([UInt8], for the CLI and
    // for a program that embeds the API), or, for the server, an `Answer`
    // within an `AnswerLimit`. Both are written by the endpoint's
    // `AnswerBody`'s writing, which a server's answer too large to hold runs
    // twice: once to count its bytes, and again, as it is sent, piece by piece.

    public func edit(_ body: some Collection<UInt8>) throws(APIError) -> [UInt8] {
        try edit(body, limit: .unlimited).wholeBytes
    }

    public func edit(_ body: some Collection<UInt8>, limit: AnswerLimit) throws(APIError) -> Answer {
        let request = try decode(body) { (json) throws(JSONError) in try EditRequest(json: json) }
        let result: EditResult
        do {
            // No selection is a caret at the end, which the edit finds in its own parse of the text.
            result = try TextBackedString(request.text, catalog: catalog).applying(
                request.operation, selection: request.selection, unit: request.unit, policy: request.policy)
        } catch {
            throw APIError(error)
        }
        let renderer = defaultRenderer
        let counts = result.string.counts(policy: request.policy)
        try checkRenderable(result.text, by: renderer)
        let response = EditResponse(
            text: result.text, selection: result.selection, plainSelection: result.plainSelection,
            clipboard: result.clipboard, counts: counts,
            changed: result.changed, truncated: result.truncated, rejected: result.rejected, note: result.note,
            message: result.message)
        let capacity = 3 * result.text.utf8.count + 512 + 640 * counts.stickers.count + 128 * counts.emoji.count
        let atLeast = renderer.renderer.markupCount(of: counts.stickers)
        let keep = renderer.renderer.truncationReach
        let held = try Self.hold(capacity: capacity, atLeast: atLeast, keep: keep, limit: limit) {
            EditAnswer.write(response, renderer, listings, to: &$0)
        }
        if let bytes = held.bytes { return .whole(bytes) }
        let answer = EditAnswer(response: response, renderer: renderer, listings: listings)
        return Self.pieces(answer, count: held.count, keep: keep)
    }

    public func count(_ body: some Collection<UInt8>) throws(APIError) -> [UInt8] {
        try count(body, limit: .unlimited).wholeBytes
    }

    public func count(_ body: some Collection<UInt8>, limit: AnswerLimit) throws(APIError) -> Answer {
        let request = try decode(body, as: CountRequest.init(json:))
        let counts = TextBackedString(request.text, catalog: catalog).counts(policy: request.policy)
        let held = try Self.hold(capacity: 256, atLeast: 0, keep: 0, limit: limit) {
            counts.write(to: &$0, listings: listings)
        }
        if let bytes = held.bytes { return .whole(bytes) }
        return Self.pieces(CountAnswer(counts: counts, listings: listings), count: held.count, keep: 0)
    }

    public func render(_ body: some Collection<UInt8>) throws(APIError) -> [UInt8] {
        try render(body, limit: .unlimited).wholeBytes
    }

    public func render(_ body: some Collection<UInt8>, limit: AnswerLimit) throws(APIError) -> Answer {
        let request = try decode(body, as: RenderRequest.init(json:))
        let renderer = if let options = request.options { try renderer(for: options) } else { defaultRenderer }
        let counts = TextBackedString(request.text, catalog: catalog).counts()
        try checkRenderable(request.text, by: renderer)
        // Room for what most texts become, so the buffer is not regrown as
        // it fills: text grows little, and each sticker's markup (~350
        // bytes escaped) and its two listings (~100 each) come on top.
        let capacity = request.text.utf8.count * 2 + 256 + 640 * counts.stickers.count + 128 * counts.emoji.count
        let atLeast = renderer.renderer.markupCount(of: counts.stickers)
        let text = request.text
        let keep = renderer.renderer.truncationReach
        let held = try Self.hold(capacity: capacity, atLeast: atLeast, keep: keep, limit: limit) {
            RenderAnswer.write(text, renderer, counts, listings, to: &$0)
        }
        if let bytes = held.bytes { return .whole(bytes) }
        let answer = RenderAnswer(text: text, renderer: renderer, counts: counts, listings: listings)
        return Self.pieces(answer, count: held.count, keep: keep)
    }

    /// The answer `write` writes, within `limit`: its bytes, held whole,
    /// when it is at most `limit.held` bytes. A larger one is counted in the
    /// same pass (its buffer keeps `keep` bytes, what a render may still
    /// drop), refused over `limit.most` before any of it is sent, and
    /// otherwise answered by its count alone (no bytes): the caller then
    /// makes its `AnswerBody`, which `pieces` writes again as it is sent. No
    /// answer is ever held whole past `limit.held` (and one write, or one
    /// writer's reservation), whatever its size. One known to be at least `atLeast` bytes over the limit (its
    /// stickers' markup alone) is refused without being written at all: a
    /// megabyte of short codes with a long baseURL, half a gigabyte, costs
    /// only its count.
    ///
    /// The body is made by the caller only when needed: as a value made up
    /// front, its copies cost a small render ~2k instructions of retains
    /// and releases.
    @inline(__always)
    private static func hold(
        capacity: Int, atLeast: Int, keep: Int, limit: AnswerLimit, _ write: (inout JSONWriter) -> Void
    ) throws(APIError) -> (bytes: [UInt8]?, count: Int) {
        guard atLeast <= limit.most else {
            throw .answerTooLarge(atLeast, limit: limit.most, atLeast: true, request: limit.scaledFromRequest)
        }
        var writer = JSONWriter(capacity: min(capacity, limit.held), overflow: .hold(limit: limit.held, keep: keep))
        write(&writer)
        let count = writer.count
        guard count <= limit.most else {
            throw .answerTooLarge(count, limit: limit.most, request: limit.scaledFromRequest)
        }
        // Whole only when it fits: the buffer has room for one writer's
        // reservation past `limit.held` (`ByteBuffer.largestReservation`).
        return (writer.isWhole && count <= limit.held ? writer.bytes : nil, count)
    }

    /// An answer of `count` bytes that `body` writes, written piece by piece as it is sent.
    private static func pieces<Body: AnswerBody>(_ body: Body, count: Int, keep: Int) -> Answer {
        .pieces(
            AnswerPieces(count: count) { piece in
                withoutActuallyEscaping(piece) { piece in
                    var writer = JSONWriter(
                        capacity: 0, overflow: .drain(pieceSize: ByteBuffer.pieceSize, keep: keep, to: piece))
                    body.write(to: &writer)
                    writer.finish()
                }
            })
    }

    /// Text the renderer takes (no NUL), or the error it gets; checked once,
    /// before an answer is written (which may be twice).
    private func checkRenderable(_ text: String, by renderer: JSONStringHTML) throws(APIError) {
        do {
            try renderer.renderer.checkRenderable(text)
        } catch {
            throw APIError(error)
        }
    }

    public func render(_ text: String, options: RenderOptions) throws(APIError) -> String {
        let renderer = try renderer(for: options).renderer
        do {
            return try renderer.render(text)
        } catch {
            throw APIError(error)
        }
    }

    /// `GET /api/render`'s fragment: the HTML of `text`, held whole (a
    /// cached answer, tagged by its bytes) and at most `limit` bytes; a
    /// larger one is counted, not held, and refused (`answer_too_large`).
    public func renderFragment(_ text: String, options: RenderOptions, limit: Int) throws(APIError) -> [UInt8] {
        let renderer = try renderer(for: options).renderer
        var out = ByteBuffer(
            capacity: min(limit, text.utf8.count * 3 + 256),
            overflow: .hold(limit: limit, keep: renderer.truncationReach))
        do {
            try renderer.render(text, into: &out)
        } catch {
            throw APIError(error)
        }
        guard out.isWhole, out.count <= limit else { throw .answerTooLarge(out.count, limit: limit) }
        return Array(out.bytes)
    }

    private func renderer(for options: RenderOptions) throws(APIError) -> JSONStringHTML {
        // Checked first, in bytes: options are compared as Strings only once
        // they are short printable ASCII (a String comparison normalizes).
        if let problem = options.validationProblem { throw APIError(.invalidRequest, problem) }
        if let prepared = defaultRenderers.first(where: { $0.renderer.options == options }) { return prepared }
        if let recent = recentRenderers.renderer(for: options) { return recent }
        do {
            let renderer = JSONStringHTML(try HTMLRenderer(catalog: catalog, options: options))
            recentRenderers.keep(renderer)
            return renderer
        } catch {
            throw APIError(error)
        }
    }

    /// The body as a request: valid UTF-8, strict JSON, then the request's
    /// fields. The one place a request that cannot be read becomes its API error.
    private func decode<Request>(
        _ body: some Collection<UInt8>,
        as read: (consuming JSONValue) throws(JSONError) -> Request
    ) throws(APIError) -> Request {
        do {
            return try read(JSONValue.parse(Array(body)))
        } catch {
            throw APIError(error)
        }
    }
}

import Foundation
@_spi(JSON) import StickerText

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
    private let defaultRenderers: [HTMLRenderer]
    /// The renderers of other options used last, shared by the threads of a
    /// worker: a site that passes its own `baseURL` or `size` passes the
    /// same ones each time, and preparing a renderer costs 30 small renders.
    private let recentRenderers = RecentRenderers()
    private let listings: StickerListings

    public init(catalog: StickerCatalog = .default) {
        self.catalog = catalog
        // Default options are valid in every language.
        defaultRenderers = RenderOptions.Language.allCases.map {
            try! HTMLRenderer(catalog: catalog, options: RenderOptions(lang: $0))
        }
        listings = StickerListings(catalog: catalog)
    }

    public func edit(_ body: some Collection<UInt8>) throws(APIError) -> [UInt8] {
        let request = try decode(body) { (json) throws(JSONError) in try EditRequest(json: json, catalog: catalog) }
        let result: EditResult
        do {
            // No selection is a caret at the end, which the edit finds in its own parse of the text.
            result = try request.editor.apply(
                request.operation, to: request.text, selection: request.selection, unit: request.unit)
        } catch {
            throw APIError(error)
        }
        let renderer = try renderer(for: RenderOptions())
        let counts = result.string.counts(policy: request.editor.policy)
        return try withRenderable(result.text, by: renderer) { utf8 in
            var writer = JSONWriter(
                capacity: 3 * utf8.count + 512 + 640 * counts.stickers.count + 128 * counts.emoji.count)
            EditResponse(
                text: result.text, selection: result.selection, plainSelection: result.plainSelection,
                clipboard: result.clipboard, counts: counts,
                changed: result.changed, truncated: result.truncated, rejected: result.rejected, note: result.note,
                message: result.message
            ).write(to: &writer, html: { renderer.renderJSONEscaped(utf8, into: &$0) }, listings: listings)
            return writer.bytes
        }
    }

    public func count(_ body: some Collection<UInt8>) throws(APIError) -> [UInt8] {
        let request = try decode(body, as: CountRequest.init(json:))
        var writer = JSONWriter()
        TextBackedString(request.text, catalog: catalog).counts(policy: request.policy).write(
            to: &writer, listings: listings)
        return writer.bytes
    }

    public func render(_ body: some Collection<UInt8>) throws(APIError) -> [UInt8] {
        let request = try decode(body, as: RenderRequest.init(json:))
        let renderer = try renderer(for: request.options)
        let counts = TextBackedString(request.text, catalog: catalog).counts()
        return try withRenderable(request.text, by: renderer) { utf8 in
            // Room for what most texts become, so the buffer is not regrown as
            // it fills: text grows little, and each sticker's markup (~350
            // bytes escaped) and its two listings (~100 each) come on top.
            var writer = JSONWriter(
                capacity: utf8.count * 2 + 256 + 640 * counts.stickers.count + 128 * counts.emoji.count)
            writer.object { writer in
                // `{"html", "stickers", "counts"}`; the HTML is rendered
                // straight into the JSON string, escaped for it as it goes.
                writer.key("html")
                writer.string(escapedBy: { renderer.renderJSONEscaped(utf8, into: &$0) })
                // The same list is in `counts`: written once, copied there.
                writer.key("stickers")
                let stickers = writer.value {
                    TextCounts.FoundSticker.write(counts.stickers, to: &$0, listings: listings)
                }
                writer.key("counts")
                counts.write(to: &writer, stickersWritten: stickers)
            }
            return writer.bytes
        }
    }

    /// `HTMLRenderer.withRenderable`, its error in the API's terms.
    @inline(__always)
    private func withRenderable(
        _ text: String, by renderer: HTMLRenderer,
        _ respond: (UnsafeRawBufferPointer) -> [UInt8]
    ) throws(APIError) -> [UInt8] {
        do {
            return try renderer.withRenderable(text, respond)
        } catch {
            throw APIError(error)
        }
    }

    /// `GET /api/stickers`: `{"stickers": [...]}`, best first.
    public func search(_ query: SearchQuery) -> [UInt8] {
        catalog.searchDocument(catalog.search(query))
    }

    public func render(_ text: String, options: RenderOptions) throws(APIError) -> String {
        let renderer = try renderer(for: options)
        do {
            return try renderer.render(text)
        } catch {
            throw APIError(error)
        }
    }

    private func renderer(for options: RenderOptions) throws(APIError) -> HTMLRenderer {
        // Checked first, in bytes: options are compared as Strings only once
        // they are short printable ASCII (a String comparison normalizes).
        if let problem = options.validationProblem { throw APIError(.invalidRequest, problem) }
        if let prepared = defaultRenderers.first(where: { $0.options == options }) { return prepared }
        if let recent = recentRenderers.renderer(for: options) { return recent }
        do {
            let renderer = try HTMLRenderer(catalog: catalog, options: options)
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

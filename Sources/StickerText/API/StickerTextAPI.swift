import Foundation

/// The JSON API as pure functions from request bytes to response bytes,
/// shared by the CLI and the server (which adds only HTTP around it).
public struct StickerTextAPI: Sendable {
    public let catalog: StickerCatalog
    /// Built once: a renderer prepares the markup of every code.
    private let defaultRenderer: HTMLRenderer

    public init(catalog: StickerCatalog = .default) {
        self.catalog = catalog
        defaultRenderer = try! HTMLRenderer(catalog: catalog)  // default options are valid
    }

    public func edit(_ body: some Collection<UInt8>) throws(RequestError) -> [UInt8] {
        let request = try decode(EditRequest.self, body)
        let string = TextBackedString(request.text, catalog: catalog)
        let selection = request.selection ?? .caret(string.displayLength(unit: request.unit))
        let result: EditResult
        do {
            result = try TextEditor(catalog: catalog, policy: request.policy)
                .apply(request.operation, to: request.text, selection: selection, unit: request.unit)
        } catch {
            switch error {
            case .selectionOutOfRange: throw RequestError(code: "out_of_range", message: error.description)
            case .unknownSticker: throw RequestError(code: "unknown_sticker", message: error.description)
            case .invalidText, .invalidPolicy: throw RequestError(code: "invalid_request", message: error.description)
            }
        }
        let html = try render(result.text, options: RenderOptions())
        return try encode(EditResponse(
            text: result.text, selection: result.selection, plainSelection: result.plainSelection,
            clipboard: result.clipboard, html: html, counts: result.string.counts(policy: request.policy),
            changed: result.changed, truncated: result.truncated, rejected: result.rejected, message: result.message))
    }

    public func count(_ body: some Collection<UInt8>) throws(RequestError) -> [UInt8] {
        let request = try decode(CountRequest.self, body)
        return try encode(TextBackedString(request.text, catalog: catalog).counts(policy: request.policy))
    }

    public func render(_ body: some Collection<UInt8>) throws(RequestError) -> [UInt8] {
        let request = try decode(RenderRequest.self, body)
        let html = try render(request.text, options: request.options)
        let counts = TextBackedString(request.text, catalog: catalog).counts()
        return try encode(RenderResponse(html: html, stickers: counts.stickers, counts: counts))
    }

    public func render(_ text: String, options: RenderOptions) throws(RequestError) -> String {
        do {
            let renderer = options == defaultRenderer.options ? defaultRenderer : try HTMLRenderer(catalog: catalog, options: options)
            return try renderer.render(text)
        } catch {
            throw RequestError(code: error.isInvalidUTF8 ? "invalid_utf8" : "invalid_request", message: error.description)
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: some Collection<UInt8>) throws(RequestError) -> T {
        guard String(validating: body, as: UTF8.self) != nil else {
            throw RequestError(code: "invalid_utf8", message: "the request body is not valid UTF-8 (first bad byte at offset \(UTF8Validation.firstInvalidOffset(body)))")
        }
        let data = Data(body)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            // Only on failure: tell bad JSON syntax from JSON of the wrong shape.
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                throw RequestError(code: "invalid_json", message: "the request body is not valid JSON" + (detail.map { ": \($0)" } ?? ""))
            }
            throw RequestError(code: "invalid_request", message: describe(error))
        }
    }

    private func encode(_ value: some Encodable) throws(RequestError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw RequestError(code: "internal", message: "could not encode the response")
        }
    }
}

extension RenderError {
    var isInvalidUTF8: Bool {
        if case .invalidUTF8 = self { return true }
        return false
    }
}

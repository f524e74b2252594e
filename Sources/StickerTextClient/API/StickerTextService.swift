import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

/// The stickertext JSON API, one call per thing an app does.
///
/// A thin layer over the generated `Client` (Generated/, from
/// public/openapi.yaml by `make client`), for where the generated API is
/// awkward to call: each operation there returns an enum of every status the
/// contract lists, a dozen per operation, and takes its body wrapped in an
/// `Input`. Here a call returns the 200 body and throws anything else:
/// `StickerTextError` (the contract's `{"error": {"code", "message"}}`,
/// `code` an enum) or `UndocumentedAnswer`. The request and response types
/// are the generated ones (`EditRequest`, `Counts`, …), so the contract
/// decides every field. `client` is there for the rest (ETags, `GET
/// /api/render`'s HTML fragment, headers).
public struct StickerTextService: Sendable {
    public typealias Health = Components.Schemas.Health
    public typealias Packs = Components.Schemas.Packs
    public typealias Sticker = Components.Schemas.Sticker
    public typealias RenderOptions = Components.Schemas.RenderOptions
    public typealias RenderResponse = Components.Schemas.RenderResponse
    public typealias EditRequest = Components.Schemas.EditRequest
    public typealias EditResponse = Components.Schemas.EditResponse
    public typealias Policy = Components.Schemas.Policy
    public typealias Counts = Components.Schemas.Counts
    public typealias TextRange = Components.Schemas.TextRangeRequest

    /// The generated client, its error answers turned into thrown errors.
    public let client: Client

    /// `baseURL`: where the service answers (`https://example.com/`; the API's
    /// paths start with `/api/`). `transport`: URLSession's unless given
    /// (an AsyncHTTPClient transport works as well on a server).
    public init(baseURL: URL, transport: any ClientTransport = URLSessionTransport()) {
        client = Client(serverURL: baseURL, transport: transport, middlewares: [ErrorBodyMiddleware()])
    }

    /// Liveness, with the number of packs and stickers served.
    public func health() async throws -> Health {
        try await unwrap { try await client.getApiHealth().ok.body.json }
    }

    /// The catalog, with image URLs ready for an image view.
    public func packs() async throws -> Packs {
        try await unwrap { try await client.getApiPacks().ok.body.json }
    }

    /// Stickers found by code, name, pinyin, initials or keyword, best first.
    public func search(_ query: String, limit: Int? = nil) async throws -> [Sticker] {
        try await unwrap { try await client.getApiStickers(query: .init(q: query, limit: limit)).ok.body.json.stickers }
    }

    /// Safe HTML for `text`, with the stickers found and the counts.
    public func render(_ text: String, options: RenderOptions? = nil) async throws -> RenderResponse {
        try await unwrap {
            try await client.postApiRender(body: .json(.init(text: text, options: options))).ok.body.json
        }
    }

    /// One editing operation, as a text field would apply it.
    public func edit(_ request: EditRequest) async throws -> EditResponse {
        try await unwrap { try await client.postApiEdit(body: .json(request)).ok.body.json }
    }

    /// Pastes `string` over `selection` of `text` (offsets in UTF-16 units, a
    /// sticker counting 1, as a UITextView's `selectedRange`): the new text and
    /// where the caret goes.
    public func paste(_ string: String, into text: String, selection: TextRange, policy: Policy? = nil) async throws
        -> EditResponse
    {
        try await edit(EditRequest(text: text, selection: selection, op: .paste, string: string, policy: policy))
    }

    /// Every length of `text` and whether `policy` accepts it.
    public func count(_ text: String, policy: Policy? = nil) async throws -> Counts {
        try await unwrap { try await client.postApiCount(body: .json(.init(text: text, policy: policy))).ok.body.json }
    }

    /// The error a call threw, out of the runtime's `ClientError` around it.
    private func unwrap<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as ClientError {
            throw error.underlyingError
        }
    }
}

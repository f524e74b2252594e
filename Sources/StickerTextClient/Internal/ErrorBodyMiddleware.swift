import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every answer that is not 2xx or 304 into a `StickerTextError`, its
/// body decoded as the generated `Components.Schemas._Error`. The generated
/// client gives each operation's error statuses as a dozen enum cases of
/// distinct types (one per status, each an `allOf` of the error schema);
/// the contract says they are all the same shape, so one place reads them.
struct ErrorBodyMiddleware: ClientMiddleware {
    /// The largest error body read (nginx's and the server's are a few hundred bytes).
    static let maxBodyBytes = 64 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        let status = response.status.code
        guard !(200...299).contains(status), status != 304 else { return (response, responseBody) }
        var bytes = Data()
        if let responseBody { bytes = try await Data(collecting: responseBody, upTo: Self.maxBodyBytes) }
        guard let error = try? JSONDecoder().decode(Components.Schemas._Error.self, from: bytes) else {
            throw UndocumentedAnswer(status: status, body: bytes)
        }
        throw StickerTextError(status: status, code: error.error.code, message: error.error.message)
    }
}

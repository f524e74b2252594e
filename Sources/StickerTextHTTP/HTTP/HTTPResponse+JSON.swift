import StickerTextJSON

/// The JSON answers, built here once for every route: `APIHandler` and
/// `MetricsRoute` answer errors (a 405 among them) in the one shape.
extension HTTPResponse {
    static let jsonContentType = "application/json; charset=utf-8"

    static func json(_ status: ResponseStatus, _ body: [UInt8], cache: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", jsonContentType), ("Cache-Control", cache)], body: body)
    }

    /// An answer of the API, held or in pieces.
    static func json(_ status: ResponseStatus, _ answer: Answer, cache: String) -> HTTPResponse {
        switch answer {
        case .whole(let body):
            return json(status, body, cache: cache)
        case .pieces(let pieces):
            var response = json(status, [], cache: cache)
            response.pieces = pieces
            return response
        }
    }

    /// Every error response: the status of its code, the one JSON shape, never cached.
    public static func error(_ error: APIError) -> HTTPResponse {
        json(error.code.responseStatus, error.jsonBody, cache: "no-store")
    }

    /// The 405 for a method `route` does not allow, naming those it does in
    /// its message and its `Allow`.
    static func methodNotAllowed(_ method: String, on route: Route) -> HTTPResponse {
        let allowed = route.methods.joined(separator: ", ")
        var response = error(
            APIError(.methodNotAllowed, "\(method) is not allowed on \(route.path); use \(allowed)"))
        response.headers.append(("Allow", allowed))
        return response
    }
}

/// An error the service answers with, whoever answers: the core (a request
/// it cannot serve), the HTTP layer (a method or a media type), or nginx
/// itself (a body over the limit, a backend down). One list of codes for all
/// of them: nginx's error pages are generated from it (`NginxErrorPages`).
public struct APIError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: ErrorCode
    /// A sentence a person can act on.
    public let message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var status: Int { code.status }
    public var description: String { "\(code.rawValue): \(message)" }
}

/// The `code` of every error body, and the HTTP status that carries it.
public enum ErrorCode: String, CaseIterable, Sendable {
    /// The body is not JSON (RFC 8259, strictly: no duplicate keys, no lone surrogates).
    case invalidJSON = "invalid_json"
    /// JSON, but not a request the endpoint takes: a wrong type, an unknown field, a bad value.
    case invalidRequest = "invalid_request"
    /// The body, or a decoded query, is not UTF-8.
    case invalidUTF8 = "invalid_utf8"
    /// A selection outside the text.
    case outOfRange = "out_of_range"
    /// `insertSticker` with a tag no pack has.
    case unknownSticker = "unknown_sticker"
    /// nginx could not read the request (a malformed request line or header).
    case badRequest = "bad_request"
    /// A folder of the static files, which nginx does not list.
    case forbidden = "forbidden"
    case notFound = "not_found"
    /// Sent with an `Allow` header listing the methods that are.
    case methodNotAllowed = "method_not_allowed"
    /// `If-Match` or `If-Unmodified-Since` on a static file did not hold (nginx).
    case preconditionFailed = "precondition_failed"
    case payloadTooLarge = "payload_too_large"
    /// A URL longer than nginx's request-line buffers: send the text in a POST body.
    case uriTooLong = "uri_too_long"
    case unsupportedMediaType = "unsupported_media_type"
    /// A `Range` outside a static file (nginx).
    case rangeNotSatisfiable = "range_not_satisfiable"
    /// Request headers larger than nginx's buffers.
    case headersTooLarge = "headers_too_large"
    case tooManyRequests = "too_many_requests"
    case internalError = "internal_error"
    /// A `Transfer-Encoding` other than chunked (nginx).
    case notImplemented = "not_implemented"
    /// No backend answered properly (nginx).
    case badGateway = "bad_gateway"
    /// The service is restarting or overloaded; try again.
    case unavailable = "unavailable"
    /// The request ran past the server's `--request-timeout` and was stopped
    /// (PHP-FPM's request_terminate_timeout); its worker is replaced.
    case timedOut = "timed_out"
    /// A backend took too long (nginx).
    case gatewayTimeout = "gateway_timeout"
    /// An HTTP major version other than 1 on the request line (nginx answers any 1.x, as RFC 9110 §6.2 has it).
    case httpVersionNotSupported = "http_version_not_supported"

    public var status: Int {
        switch self {
        case .invalidJSON, .invalidRequest, .invalidUTF8, .outOfRange, .unknownSticker, .badRequest: 400
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .preconditionFailed: 412
        case .payloadTooLarge: 413
        case .uriTooLong: 414
        case .unsupportedMediaType: 415
        case .rangeNotSatisfiable: 416
        case .headersTooLarge: 431
        case .tooManyRequests: 429
        case .internalError: 500
        case .notImplemented: 501
        case .badGateway: 502
        case .unavailable, .timedOut: 503
        case .gatewayTimeout: 504
        case .httpVersionNotSupported: 505
        }
    }
}

extension APIError {
    /// A request the service could not read: the one place each kind of
    /// `JSONError` becomes its API error (its code, and the body named).
    init(_ error: JSONError) {
        let code: ErrorCode = switch error.kind {
        case .invalidUTF8: .invalidUTF8
        case .invalidJSON: .invalidJSON
        case .invalidValue: .invalidRequest
        }
        self.init(code, error.sentence(about: "the request body"))
    }

    /// An edit the core refused.
    init(_ error: EditError) {
        let code: ErrorCode = switch error {
        case .selectionOutOfRange: .outOfRange
        case .unknownSticker: .unknownSticker
        case .invalidText, .invalidPolicy: .invalidRequest
        }
        self.init(code, error.description)
    }

    /// Text the renderer refused.
    init(_ error: RenderError) {
        let code: ErrorCode = if case .invalidUTF8 = error { .invalidUTF8 } else { .invalidRequest }
        self.init(code, error.description)
    }

    /// A search the core refused, in the words of `GET /api/stickers`' parameters (`q`, `limit`).
    public init(_ error: SearchError) {
        let message = switch error {
        case .emptyText: "q must not be empty"
        case .textTooLong(let length): "q is \(length) characters long; at most \(SearchQuery.maxLength)"
        case .nulCharacter: "q must not contain U+0000"
        case .limitOutOfRange: "limit must be between \(SearchQuery.limits.lowerBound) and \(SearchQuery.limits.upperBound)"
        }
        self.init(.invalidRequest, message)
    }

    /// A body over the limit: one message whoever notices, the server (with
    /// its `--body-limit`) or nginx (with the variable its page reads).
    public static func bodyTooLarge(limit: String) -> APIError {
        APIError(.payloadTooLarge, "the request body is over the limit of \(limit) bytes")
    }

    /// A request stopped at the server's deadline.
    public static func timedOut(after seconds: Double) -> APIError {
        APIError(.timedOut, "the request took longer than the service's limit of \(seconds.formatted) s and was stopped; send less text at once")
    }
}

private extension Double {
    /// 10 rather than 10.0; 0.25 as is.
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

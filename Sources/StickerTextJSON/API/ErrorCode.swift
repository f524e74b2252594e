import StickerText

/// The `code` of every error body. The HTTP status that carries each is the
/// server's (`ErrorCode.status`, in StickerTextHTTP).
public enum ErrorCode: String, CaseIterable, Sendable {
    /// The body is not JSON (RFC 8259, strictly: no lone surrogates, a depth limit).
    case invalidJSON = "invalid_json"
    /// JSON, but not a request the endpoint takes: a wrong type, an unknown or duplicated field, a bad value.
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
    /// The answer would be over the service's answer limit (`--answer-limit`):
    /// known before any of it is sent. Send less text at once.
    case answerTooLarge = "answer_too_large"
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
}

/// The statuses the backend answers with: the one table of each status's
/// code, reason phrase and `/metrics` label. Every status the backend can
/// answer with (each `ErrorCode`'s, and the successes) has a case, and
/// `other` stands for one it should never send. A closed set, so the
/// scoreboard has a fixed slot per status; the raw value is that slot.
public enum ResponseStatus: Int, Slotted, Sendable {
    case ok, noContent, notModified
    case badRequest, forbidden, notFound, methodNotAllowed, preconditionFailed, payloadTooLarge, uriTooLong
    case unsupportedMediaType, rangeNotSatisfiable, tooManyRequests, headersTooLarge
    case internalError, notImplemented, badGateway, unavailable, gatewayTimeout, httpVersionNotSupported
    case other

    @inlinable public static var last: ResponseStatus { .other }

    /// The status code; nil for `other`.
    public var code: Int? {
        switch self {
        case .ok: 200
        case .noContent: 204
        case .notModified: 304
        case .badRequest: 400
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .preconditionFailed: 412
        case .payloadTooLarge: 413
        case .uriTooLong: 414
        case .unsupportedMediaType: 415
        case .rangeNotSatisfiable: 416
        case .tooManyRequests: 429
        case .headersTooLarge: 431
        case .internalError: 500
        case .notImplemented: 501
        case .badGateway: 502
        case .unavailable: 503
        case .gatewayTimeout: 504
        case .httpVersionNotSupported: 505
        case .other: nil
        }
    }

    /// The reason phrase of the status line.
    public var reason: String {
        switch self {
        case .ok: "OK"
        case .noContent: "No Content"
        case .notModified: "Not Modified"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .preconditionFailed: "Precondition Failed"
        case .payloadTooLarge: "Content Too Large"
        case .uriTooLong: "URI Too Long"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .rangeNotSatisfiable: "Range Not Satisfiable"
        case .tooManyRequests: "Too Many Requests"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .internalError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .badGateway: "Bad Gateway"
        case .unavailable: "Service Unavailable"
        case .gatewayTimeout: "Gateway Timeout"
        case .httpVersionNotSupported: "HTTP Version Not Supported"
        case .other: "Status"
        }
    }

    /// The label value: the code, or `other`.
    public var label: String { code.map(String.init) ?? "other" }
}

/// The statuses `/metrics` counts by: every status the backend can answer
/// with (each `ErrorCode`'s, and the successes), and `other` for one it
/// should never send. A closed set, so the scoreboard has a fixed slot per
/// status; the raw value is that slot.
public enum ResponseStatus: Int, CaseIterable, Sendable {
    case ok, noContent, notModified
    case badRequest, forbidden, notFound, methodNotAllowed, preconditionFailed, payloadTooLarge, uriTooLong
    case unsupportedMediaType, rangeNotSatisfiable, tooManyRequests, headersTooLarge
    case internalError, notImplemented, badGateway, unavailable, gatewayTimeout, httpVersionNotSupported
    case other

    /// How many there are: a constant, where `allCases.count` builds an array
    /// on every call (the scoreboard computes a slot with it per request).
    public static var slots: Int { other.rawValue + 1 }

    public init(code: Int) {
        switch code {
        case 200: self = .ok
        case 204: self = .noContent
        case 304: self = .notModified
        case 400: self = .badRequest
        case 403: self = .forbidden
        case 404: self = .notFound
        case 405: self = .methodNotAllowed
        case 412: self = .preconditionFailed
        case 413: self = .payloadTooLarge
        case 414: self = .uriTooLong
        case 415: self = .unsupportedMediaType
        case 416: self = .rangeNotSatisfiable
        case 429: self = .tooManyRequests
        case 431: self = .headersTooLarge
        case 500: self = .internalError
        case 501: self = .notImplemented
        case 502: self = .badGateway
        case 503: self = .unavailable
        case 504: self = .gatewayTimeout
        case 505: self = .httpVersionNotSupported
        default: self = .other
        }
    }

    /// The label value: the code, or `other`.
    public var label: String {
        switch self {
        case .ok: "200"
        case .noContent: "204"
        case .notModified: "304"
        case .badRequest: "400"
        case .forbidden: "403"
        case .notFound: "404"
        case .methodNotAllowed: "405"
        case .preconditionFailed: "412"
        case .payloadTooLarge: "413"
        case .uriTooLong: "414"
        case .unsupportedMediaType: "415"
        case .rangeNotSatisfiable: "416"
        case .tooManyRequests: "429"
        case .headersTooLarge: "431"
        case .internalError: "500"
        case .notImplemented: "501"
        case .badGateway: "502"
        case .unavailable: "503"
        case .gatewayTimeout: "504"
        case .httpVersionNotSupported: "505"
        case .other: "other"
        }
    }
}

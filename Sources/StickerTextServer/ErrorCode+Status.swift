import StickerTextJSON

/// The HTTP status that carries each error code: the server's status table,
/// read by its responses and by nginx's error pages (`NginxErrorPages`).
extension ErrorCode {
    /// The status of every response with this code, whoever sends it (nginx's pages too).
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
    public var status: Int { code.status }
}

import StickerTextJSON

/// The HTTP status that carries each error code, read by the server's
/// responses and by nginx's error pages (`NginxErrorPages`); the statuses'
/// numbers and phrases are `ResponseStatus`'s.
extension ErrorCode {
    /// The status of every response with this code, whoever sends it (nginx's pages too).
    public var responseStatus: ResponseStatus {
        switch self {
        case .invalidJSON, .invalidRequest, .invalidUTF8, .outOfRange, .unknownSticker, .badRequest: .badRequest
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .preconditionFailed: .preconditionFailed
        case .payloadTooLarge, .answerTooLarge: .payloadTooLarge
        case .uriTooLong: .uriTooLong
        case .unsupportedMediaType: .unsupportedMediaType
        case .rangeNotSatisfiable: .rangeNotSatisfiable
        case .headersTooLarge: .headersTooLarge
        case .tooManyRequests: .tooManyRequests
        case .internalError: .internalError
        case .notImplemented: .notImplemented
        case .badGateway: .badGateway
        case .unavailable, .timedOut: .unavailable
        case .gatewayTimeout: .gatewayTimeout
        case .httpVersionNotSupported: .httpVersionNotSupported
        }
    }

    /// Its status code.
    public var status: Int { responseStatus.code! }
}

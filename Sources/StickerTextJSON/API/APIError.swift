import StickerText

/// An error the service answers with, whoever answers: the JSON API (a
/// request it cannot read, or one the core refuses), the HTTP layer (a
/// method or a media type), or nginx itself (a body over the limit, a
/// backend down). One list of codes for all of them (`ErrorCode`): nginx's
/// error pages are generated from it (`NginxErrorPages`), and the server
/// says which HTTP status carries each (`ErrorCode+Status`).
public struct APIError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: ErrorCode
    /// A sentence a person can act on.
    public let message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

extension APIError {
    /// A body over the limit: one message whoever notices, the server (with
    /// its `--body-limit`) or nginx (with the variable its page reads).
    public static func bodyTooLarge(limit: String) -> APIError {
        APIError(.payloadTooLarge, "the request body is over the limit of \(limit) bytes")
    }

    /// An answer over the limit: `count` bytes (or, `atLeast`, more), where `limit` are sent at most
    /// (`request` bytes times `AnswerLimit.ratio`, when the limit is scaled to its request).
    public static func answerTooLarge(_ count: Int, limit: Int, atLeast: Bool = false, request: Int? = nil)
        -> APIError
    {
        let scaled =
            request.map {
                " (\(AnswerLimit.ratio) times the request's \($0) bytes: an answer may be that, or \(AnswerLimit.floor) bytes, whichever is more)"
            } ?? ""
        return APIError(
            .answerTooLarge,
            "the answer would be \(atLeast ? "at least " : "")\(count) bytes, over the limit of \(limit) bytes\(scaled); send less text at once (each sticker becomes an <img> of a few hundred bytes, more with a long baseURL or className)"
        )
    }

    /// A request stopped at the server's deadline.
    public static func timedOut(after seconds: Double) -> APIError {
        APIError(
            .timedOut,
            "the request took longer than the service's limit of \(seconds.formatted) s and was stopped; send less text at once"
        )
    }
}

extension Double {
    /// 10 rather than 10.0; 0.25 as is.
    fileprivate var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

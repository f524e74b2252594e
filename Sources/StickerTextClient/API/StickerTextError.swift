import Foundation

/// An answer of the service other than 2xx, as the contract describes every
/// one: `{"error": {"code", "message"}}`, whoever answered it (the server, or
/// nginx in front of it). `code` is the generated enum of the one list of
/// codes in openapi.yaml's `Error`, so a `switch` over it is checked by the
/// compiler when the list grows (and `make client` is run again).
public struct StickerTextError: Error, Hashable, Sendable, CustomStringConvertible {
    public typealias Code = Components.Schemas._Error._ErrorPayload.CodePayload

    /// The HTTP status.
    public let status: Int
    public let code: Code
    /// In English, for a log; a program decides by `code`.
    public let message: String

    public init(status: Int, code: Code, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String { "\(status) \(code.rawValue): \(message)" }
}

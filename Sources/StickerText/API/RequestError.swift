/// A request the JSON API cannot answer, with a code a program can branch on
/// and a message a person can act on.
public struct RequestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `invalid_json`, `invalid_request`, `invalid_utf8`, `out_of_range`, `unknown_sticker`.
    public let code: String
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// `{"error": {"code", "message"}}`, the body of every API error.
    public var json: String {
        var w = JSONWriter(capacity: message.utf8.count + 64)
        w.object { w in
            w.key("error")
            w.object { w in
                w.key("code"); w.string(code)
                w.key("message"); w.string(message)
            }
        }
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

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
        #"{"error":{"code":"\#(code)","message":\#(JSONText.quoted(message))}}"#
    }
}

enum JSONText {
    /// A JSON string literal for `s`.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

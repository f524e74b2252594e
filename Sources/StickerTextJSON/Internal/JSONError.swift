/// Why a JSON document could not be read: a request body, which the API
/// answers as an error (deciding at its edge which error each kind is),
/// `pack.json`, or another system's document being imported.
package struct JSONError: Error, Equatable, Sendable {
    package enum Kind: Sendable {
        /// The bytes are not UTF-8.
        case invalidUTF8
        /// UTF-8, but not JSON (RFC 8259, strictly: no lone surrogates, a depth limit).
        case invalidJSON
        /// JSON, but not the document expected: a wrong type, an unknown or missing field, a bad value;
        /// a name given twice in an object (JSON by RFC 8259's grammar, but which value counts is not said).
        case invalidValue
    }

    package let kind: Kind
    /// What is wrong. For `invalidUTF8` and `invalidJSON`, what the
    /// document is, to follow its name (`not valid JSON: unexpected end at
    /// byte 7`); for `invalidValue`, a whole sentence naming the field.
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message as a sentence about `document` (`the request body`, `pack.json`).
    package func sentence(about document: String) -> String {
        kind == .invalidValue ? message : "\(document) is \(message)"
    }
}

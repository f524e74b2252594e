import StickerText

/// `{"text", "selection": {"location", "length"}, "unit", "op", "string"?, "tag"?, "offset"?, "policy"?}`
struct EditRequest: Sendable {
    var text: String
    /// Defaults to a caret at the end of the text.
    var selection: TextRange?
    var unit: TextRange.Unit
    var operation: EditOperation
    /// Validated here, as the request's error.
    var policy: InputPolicy

    init(json: JSONValue) throws(JSONError) {
        let fields = try JSONFields(json, allowed: Self.fields)
        text = try fields.requiredString("text")
        if let selectionFields = try fields.object("selection", allowed: Self.selectionFields) {
            guard let location = try selectionFields.int("location"), let length = try selectionFields.int("length")
            else {
                throw JSONError(.invalidValue, "selection needs \"location\" and \"length\"")
            }
            selection = TextRange(location: location, length: length)
        }
        unit = try fields.choice("unit", TextRange.Unit.self) ?? .utf16
        policy = try InputPolicy.unvalidated(in: fields).validated()
        // Every field is checked for its type, also one the op does not use.
        let (string, tag, offset) = (try fields.string("string"), try fields.string("tag"), try fields.int("offset"))
        let op = try fields.requiredString("op")
        guard let kind = FieldName.choice(op, of: EditOperation.Kind.self) else {
            throw JSONError(
                .invalidValue,
                "unknown op \"\(op)\"; one of \(EditOperation.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        /// What an op needs, read above (not looked up again).
        func needed<Value>(_ value: Value?, _ key: String) throws(JSONError) -> Value {
            guard let value else { throw JSONError(.invalidValue, "op \"\(op)\" needs \"\(key)\"") }
            return value
        }
        switch kind {
        case .insert: operation = .insert(try needed(string, "string"))
        case .paste: operation = .paste(try needed(string, "string"))
        case .insertSticker: operation = .insertSticker(tag: try needed(tag, "tag"))
        case .cut: operation = .cut
        case .copy: operation = .copy
        case .deleteBackward: operation = .deleteBackward
        case .deleteForward: operation = .deleteForward
        case .moveCaret: operation = .moveCaret(by: try needed(offset, "offset"))
        case .select: operation = .select
        case .selectAll: operation = .selectAll
        }
    }

    static let fields = ["text", "selection", "unit", "op", "string", "tag", "offset", "policy"]
    static let selectionFields = ["location", "length"]
}

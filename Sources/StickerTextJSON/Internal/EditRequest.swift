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
        _ = (try fields.string("string"), try fields.string("tag"), try fields.int("offset"))
        let op = try fields.requiredString("op")
        guard let kind = FieldName.choice(op, of: EditOperation.Kind.self) else {
            throw JSONError(
                .invalidValue,
                "unknown op \"\(op)\"; one of \(EditOperation.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        func what() -> String { "op \"\(op)\"" }
        switch kind {
        case .insert: operation = .insert(try fields.requiredString("string", for: what()))
        case .paste: operation = .paste(try fields.requiredString("string", for: what()))
        case .insertSticker: operation = .insertSticker(tag: try fields.requiredString("tag", for: what()))
        case .cut: operation = .cut
        case .copy: operation = .copy
        case .deleteBackward: operation = .deleteBackward
        case .deleteForward: operation = .deleteForward
        case .moveCaret:
            guard let offset = try fields.int("offset") else {
                throw JSONError(.invalidValue, "\(what()) needs \"offset\"")
            }
            operation = .moveCaret(by: offset)
        case .select: operation = .select
        case .selectAll: operation = .selectAll
        }
    }

    static let fields = ["text", "selection", "unit", "op", "string", "tag", "offset", "policy"]
    static let selectionFields = ["location", "length"]
}

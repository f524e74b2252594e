@_spi(JSON) import StickerText

/// `{"text", "selection": {"location", "length"}, "unit", "op", "string"?, "tag"?, "offset"?, "policy"?}`
struct EditRequest: Sendable {
    var text: String
    /// Defaults to a caret at the end of the text.
    var selection: TextRange?
    var unit: OffsetUnit
    var operation: EditOperation
    var policy: InputPolicy

    init(json: JSONValue) throws(JSONError) {
        let f = try JSONFields(json, allowed: ["text", "selection", "unit", "op", "string", "tag", "offset", "policy"])
        text = try f.requiredString("text")
        if let s = try f.object("selection", allowed: ["location", "length"]) {
            guard let location = try s.int("location"), let length = try s.int("length") else {
                throw JSONError(.invalidValue, "selection needs \"location\" and \"length\"")
            }
            selection = TextRange(location: location, length: length)
        }
        unit = try f.choice("unit", OffsetUnit.self) ?? .utf16
        policy = try f.object("policy", allowed: InputPolicy.jsonFields).map { (p) throws(JSONError) in try InputPolicy(json: p) } ?? .unlimited
        // Every field is checked for its type, also one the op does not use.
        _ = (try f.string("string"), try f.string("tag"), try f.int("offset"))
        let op = try f.requiredString("op")
        guard let kind = FieldName.choice(op, of: EditOperation.Kind.self) else {
            throw JSONError(.invalidValue,
                "unknown op \"\(op)\"; one of \(EditOperation.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let what = "op \"\(op)\""
        switch kind {
        case .insert: operation = .insert(try f.requiredString("string", for: what))
        case .paste: operation = .paste(try f.requiredString("string", for: what))
        case .insertSticker: operation = .insertSticker(tag: try f.requiredString("tag", for: what))
        case .cut: operation = .cut
        case .copy: operation = .copy
        case .deleteBackward: operation = .deleteBackward
        case .deleteForward: operation = .deleteForward
        case .moveCaret:
            guard let offset = try f.int("offset") else {
                throw JSONError(.invalidValue, "\(what) needs \"offset\"")
            }
            operation = .moveCaret(by: offset)
        case .select: operation = .select
        case .selectAll: operation = .selectAll
        }
    }
}

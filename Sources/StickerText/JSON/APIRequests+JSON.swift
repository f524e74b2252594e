/// The JSON bodies of the API (and of the CLI's `edit` and `count`), read
/// and written by the project's own strict JSON code (see `JSONValue`).
/// Internal: callers go through `StickerTextAPI`'s bytes-in, bytes-out
/// functions, or use the domain types (`TextEditor`, `HTMLRenderer`) directly.

/// `{"text", "selection": {"location", "length"}, "unit", "op", "string"?, "tag"?, "offset"?, "policy"?}`
struct EditRequest: Sendable {
    var text: String
    /// Defaults to a caret at the end of the text.
    var selection: TextRange?
    var unit: OffsetUnit
    var operation: EditOperation
    var policy: InputPolicy

    init(text: String, selection: TextRange?, unit: OffsetUnit = .utf16, operation: EditOperation,
                policy: InputPolicy = .unlimited) {
        self.text = text
        self.selection = selection
        self.unit = unit
        self.operation = operation
        self.policy = policy
    }

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

/// `{"text", "selection", "plainSelection", "clipboard"?, "html", "counts", "changed", "truncated", "rejected", "note", "message"}`
struct EditResponse: Sendable {
    let text: String
    let selection: TextRange
    let plainSelection: TextRange
    let clipboard: String?
    let counts: TextCounts
    let changed: Bool
    let truncated: Bool
    let rejected: EditRejection?
    let note: EditNote?
    let message: String?

    /// `html` appends the text's HTML escaped for a JSON string (the renderer's `renderJSONEscaped`).
    func write(to w: inout JSONWriter, html: (inout ByteBuffer) -> Void, listings: StickerListings? = nil) {
        w.object { w in
            w.key("text"); w.string(text)
            w.key("selection"); selection.write(to: &w)
            w.key("plainSelection"); plainSelection.write(to: &w)
            if let clipboard { w.key("clipboard"); w.string(clipboard) }
            w.key("html"); w.string(escapedBy: html)
            w.key("counts"); counts.write(to: &w, listings: listings)
            w.key("changed"); w.bool(changed)
            w.key("truncated"); w.bool(truncated)
            w.key("rejected"); w.string(rejected?.rawValue)  // null when not rejected, always present
            w.key("note"); w.string(note?.rawValue)
            w.key("message"); w.string(message)
        }
    }
}

/// `{"text", "policy"?}`
struct CountRequest: Sendable {
    var text: String
    var policy: InputPolicy

    init(json: JSONValue) throws(JSONError) {
        let f = try JSONFields(json, allowed: ["text", "policy"])
        text = try f.requiredString("text")
        policy = try f.object("policy", allowed: InputPolicy.jsonFields).map { (p) throws(JSONError) in try InputPolicy(json: p) } ?? .unlimited
    }
}

/// `{"text", "options"?}`
struct RenderRequest: Sendable {
    var text: String
    var options: RenderOptions

    init(json: JSONValue) throws(JSONError) {
        let f = try JSONFields(json, allowed: ["text", "options"])
        text = try f.requiredString("text")
        options = try f.object("options", allowed: RenderOptions.Field.names).map { (o) throws(JSONError) in try RenderOptions(decoding: o) } ?? RenderOptions()
    }
}

/// The JSON bodies of the API (and of the CLI's `edit` and `count`).

/// `{"text", "selection": {"location", "length"}, "unit", "op", "string"?, "tag"?, "offset"?, "policy"?}`
public struct EditRequest: Decodable, Sendable {
    public var text: String
    /// Defaults to a caret at the end of the text.
    public var selection: TextRange?
    public var unit: OffsetUnit
    public var operation: EditOperation
    public var policy: InputPolicy

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, selection, unit, op, string, tag, offset, policy
    }

    public init(text: String, selection: TextRange?, unit: OffsetUnit = .utf16, operation: EditOperation,
                policy: InputPolicy = .unlimited) {
        self.text = text
        self.selection = selection
        self.unit = unit
        self.operation = operation
        self.policy = policy
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        selection = try c.decodeIfPresent(TextRange.self, forKey: .selection)
        unit = try c.decodeIfPresent(OffsetUnit.self, forKey: .unit) ?? .utf16
        policy = try c.decodeIfPresent(InputPolicy.self, forKey: .policy) ?? .unlimited
        let op = try c.decode(String.self, forKey: .op)
        func required<T: Decodable>(_ type: T.Type, _ key: CodingKeys) throws -> T {
            guard let value = try c.decodeIfPresent(type, forKey: key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "op \"\(op)\" needs \"\(key.rawValue)\""))
            }
            return value
        }
        switch op {
        case "insert": operation = .insert(try required(String.self, .string))
        case "paste": operation = .paste(try required(String.self, .string))
        case "insertSticker": operation = .insertSticker(tag: try required(String.self, .tag))
        case "cut": operation = .cut
        case "copy": operation = .copy
        case "deleteBackward": operation = .deleteBackward
        case "deleteForward": operation = .deleteForward
        case "moveCaret": operation = .moveCaret(by: try required(Int.self, .offset))
        case "select": operation = .select
        case "selectAll": operation = .selectAll
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.op], debugDescription:
                "unknown op \"\(op)\"; one of insert, paste, insertSticker, cut, copy, deleteBackward, deleteForward, moveCaret, select, selectAll"))
        }
    }
}

/// `{"text", "selection", "plainSelection", "clipboard"?, "html", "counts", "changed", "truncated", "rejected", "message"}`
public struct EditResponse: Encodable, Sendable {
    public let text: String
    public let selection: TextRange
    public let plainSelection: TextRange
    public let clipboard: String?
    public let html: String
    public let counts: TextCounts
    public let changed: Bool
    public let truncated: Bool
    public let rejected: String?
    public let message: String?

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(selection, forKey: .selection)
        try c.encode(plainSelection, forKey: .plainSelection)
        try c.encodeIfPresent(clipboard, forKey: .clipboard)
        try c.encode(html, forKey: .html)
        try c.encode(counts, forKey: .counts)
        try c.encode(changed, forKey: .changed)
        try c.encode(truncated, forKey: .truncated)
        try c.encode(rejected, forKey: .rejected)  // null when not rejected, always present
        try c.encode(message, forKey: .message)
    }

    enum CodingKeys: String, CodingKey {
        case text, selection, plainSelection, clipboard, html, counts, changed, truncated, rejected, message
    }
}

/// `{"text", "policy"?}`
public struct CountRequest: Decodable, Sendable {
    public var text: String
    public var policy: InputPolicy

    enum CodingKeys: String, CodingKey, CaseIterable { case text, policy }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        policy = try c.decodeIfPresent(InputPolicy.self, forKey: .policy) ?? .unlimited
    }
}

/// `{"text", "options"?}`
public struct RenderRequest: Decodable, Sendable {
    public var text: String
    public var options: RenderOptions

    enum CodingKeys: String, CodingKey, CaseIterable { case text, options }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        options = try c.decodeIfPresent(RenderOptions.self, forKey: .options) ?? RenderOptions()
    }
}

/// `{"html", "stickers", "counts"}`
public struct RenderResponse: Encodable, Sendable {
    public let html: String
    public let stickers: [TextCounts.FoundSticker]
    public let counts: TextCounts
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A misspelt field is a mistake worth reporting, not a default silently used.
private func rejectUnknownKeys(in decoder: any Decoder, allowed: [String]) throws {
    let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    if let unknown = keys.first(where: { !allowed.contains($0) }) {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
            "unknown field \"\(unknown)\"; expected \(allowed.joined(separator: ", "))"))
    }
}

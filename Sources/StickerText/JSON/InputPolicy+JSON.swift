extension InputPolicy {
    /// From the `policy` object of a request; defaults for what it leaves out.
    init(json: JSONFields) throws(JSONError) {
        maxLength = try json.int("maxLength")
        countMode = try json.choice("countMode", CountMode.self) ?? .graphemes
        emoji = try json.choice("emoji", EmojiRule.self) ?? .allow
        content = try json.choice("content", ContentRule.self) ?? .any
        decimalPlaces = try json.int("decimalPlaces") ?? 2
        stickerWeight = try json.int("stickerWeight")
        if let problem = validationProblem { throw JSONError(.invalidValue, problem) }
    }

    static let jsonFields = ["maxLength", "countMode", "emoji", "content", "decimalPlaces", "stickerWeight"]
}

@_spi(JSON) import StickerText

extension InputPolicy {
    /// From the `policy` object of a request; defaults for what it leaves out.
    init(json: JSONFields) throws(JSONError) {
        let defaults = InputPolicy()
        self.init(
            maxLength: try json.int("maxLength"),
            countMode: try json.choice("countMode", InputPolicy.CountMode.self) ?? defaults.countMode,
            emoji: try json.choice("emoji", InputPolicy.EmojiRule.self) ?? defaults.emoji,
            content: try json.choice("content", InputPolicy.ContentRule.self) ?? defaults.content,
            decimalPlaces: try json.int("decimalPlaces") ?? defaults.decimalPlaces,
            stickerWeight: try json.int("stickerWeight"))
        if let problem = validationProblem { throw JSONError(.invalidValue, problem) }
    }

    static let jsonFields = ["maxLength", "countMode", "emoji", "content", "decimalPlaces", "stickerWeight"]
}

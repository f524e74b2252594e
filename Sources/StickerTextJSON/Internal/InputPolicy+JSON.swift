import StickerText

extension InputPolicy {
    /// The `policy` object of a request, defaults for what it leaves out;
    /// `.unlimited` when there is none. Not validated here: the request
    /// validates it once, where it uses it (`validated()`).
    static func unvalidated(in request: JSONFields) throws(JSONError) -> InputPolicy {
        guard let json = try request.object("policy", allowed: jsonFields) else { return .unlimited }
        let defaults = InputPolicy()
        return InputPolicy(
            maxLength: try json.int("maxLength"),
            countMode: try json.choice("countMode", InputPolicy.CountMode.self) ?? defaults.countMode,
            emoji: try json.choice("emoji", InputPolicy.EmojiRule.self) ?? defaults.emoji,
            content: try json.choice("content", InputPolicy.ContentRule.self) ?? defaults.content,
            decimalPlaces: try json.int("decimalPlaces") ?? defaults.decimalPlaces,
            stickerWeight: try json.int("stickerWeight"))
    }

    /// The policy, or the request's error saying why it makes no sense.
    func validated() throws(JSONError) -> InputPolicy {
        if let problem = validationProblem { throw JSONError(.invalidValue, problem) }
        return self
    }

    static let jsonFields = ["maxLength", "countMode", "emoji", "content", "decimalPlaces", "stickerWeight"]
}

import StickerText

/// `{"text", "options"?}`
struct RenderRequest: Sendable {
    var text: String
    /// Nil without `options` (or with `null`): the defaults, whose renderer is prepared.
    var options: RenderOptions?

    init(json: JSONValue) throws(JSONError) {
        let fields = try JSONFields(json, allowed: Self.fields)
        text = try fields.requiredString("text")
        options = try fields.object("options", allowed: RenderOptions.Field.names).map {
            (optionFields) throws(JSONError) in try RenderOptions(decoding: optionFields)
        }
    }

    static let fields = ["text", "options"]
}

import StickerText

/// `{"text", "policy"?}`
struct CountRequest: Sendable {
    var text: String
    var policy: InputPolicy

    init(json: JSONValue) throws(JSONError) {
        let fields = try JSONFields(json, allowed: Self.fields)
        text = try fields.requiredString("text")
        policy = try InputPolicy.unvalidated(in: fields).validated()
    }

    static let fields = ["text", "policy"]
}

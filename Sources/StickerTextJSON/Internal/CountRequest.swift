@_spi(JSON) import StickerText

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

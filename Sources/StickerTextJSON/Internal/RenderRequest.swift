@_spi(JSON) import StickerText

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

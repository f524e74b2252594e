extension RenderOptions {
    /// From the `options` object of a request; defaults for what it leaves out.
    init(json: JSONFields) throws(APIError) {
        let defaults = RenderOptions()
        baseURL = try json.string("baseURL") ?? defaults.baseURL
        size = try json.int("size") ?? defaults.size
        className = try json.string("className") ?? defaults.className
        lineBreaks = try json.bool("lineBreaks") ?? defaults.lineBreaks
        wrapEmoji = try json.bool("wrapEmoji") ?? defaults.wrapEmoji
    }

    static let jsonFields = ["baseURL", "size", "className", "lineBreaks", "wrapEmoji"]
}

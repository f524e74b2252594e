import StickerText

extension APIError {
    /// `{"error": {"code", "message"}}`: the body of every error the service
    /// sends, from the core, the HTTP layer and (generated) nginx's own pages.
    public var jsonBody: [UInt8] {
        var writer = JSONWriter(capacity: message.utf8.count + 64)
        writer.object { writer in
            writer.key("error")
            writer.object { writer in
                writer.key("code")
                writer.string(code.rawValue)
                writer.key("message")
                writer.string(message)
            }
        }
        return writer.bytes
    }
}

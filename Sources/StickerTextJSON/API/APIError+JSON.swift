import StickerText

extension APIError {
    /// `{"error": {"code", "message"}}`: the body of every error the service
    /// sends, from the core, the HTTP layer and (generated) nginx's own pages.
    public var jsonBody: [UInt8] {
        var w = JSONWriter(capacity: message.utf8.count + 64)
        w.object { w in
            w.key("error")
            w.object { w in
                w.key("code"); w.string(code.rawValue)
                w.key("message"); w.string(message)
            }
        }
        return w.bytes
    }
}

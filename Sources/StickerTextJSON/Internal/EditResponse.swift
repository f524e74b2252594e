@_spi(JSON) import StickerText

/// `{"text", "selection", "plainSelection", "clipboard"?, "html", "counts", "changed", "truncated", "rejected", "note", "message"}`
struct EditResponse: Sendable {
    let text: String
    let selection: TextRange
    let plainSelection: TextRange
    let clipboard: String?
    let counts: TextCounts
    let changed: Bool
    let truncated: Bool
    let rejected: EditRejection?
    let note: EditNote?
    let message: String?

    /// `html` appends the text's HTML escaped for a JSON string (the renderer's `renderJSONEscaped`).
    func write(to w: inout JSONWriter, html: (inout ByteBuffer) -> Void, listings: StickerListings? = nil) {
        w.object { w in
            w.key("text"); w.string(text)
            w.key("selection"); selection.write(to: &w)
            w.key("plainSelection"); plainSelection.write(to: &w)
            if let clipboard { w.key("clipboard"); w.string(clipboard) }
            w.key("html"); w.string(escapedBy: html)
            w.key("counts"); counts.write(to: &w, listings: listings)
            w.key("changed"); w.bool(changed)
            w.key("truncated"); w.bool(truncated)
            w.key("rejected"); w.string(rejected?.rawValue)  // null when not rejected, always present
            w.key("note"); w.string(note?.rawValue)
            w.key("message"); w.string(message)
        }
    }
}

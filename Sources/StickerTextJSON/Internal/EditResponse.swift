import StickerText

/// `{"text", "selection", "plainSelection", "clipboard"?, "html", "counts", "changed", "truncated", "rejected", "note", "message"}`
struct EditResponse: Sendable {
    let text: String
    let selection: TextRange
    let plainSelection: TextRange
    let clipboard: String?
    let counts: TextCounts
    let changed: Bool
    let truncated: Bool
    let rejected: InputPolicy.Violation?
    let note: EditResult.Note?
    let message: String?

    /// `html` appends the text's HTML escaped for a JSON string (`JSONStringHTML.write`).
    func write(to writer: inout JSONWriter, html: (inout ByteBuffer) -> Void, listings: StickerListings? = nil) {
        writer.object { writer in
            writer.key("text")
            writer.string(text)
            writer.key("selection")
            selection.write(to: &writer)
            writer.key("plainSelection")
            plainSelection.write(to: &writer)
            if let clipboard {
                writer.key("clipboard")
                writer.string(clipboard)
            }
            writer.key("html")
            writer.string(escapedBy: html)
            writer.key("counts")
            counts.write(to: &writer, listings: listings)
            writer.key("changed")
            writer.bool(changed)
            writer.key("truncated")
            writer.bool(truncated)
            writer.key("rejected")
            writer.string(rejected?.rawValue)  // null when not rejected, always present
            writer.key("note")
            writer.string(note?.rawValue)
            writer.key("message")
            writer.string(message)
        }
    }
}

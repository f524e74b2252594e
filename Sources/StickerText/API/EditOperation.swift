/// What the user did to the text field.
public enum EditOperation: Hashable, Sendable {
    /// Typing or inserting text; codes in it become stickers; the caret lands right after it.
    case insert(String)
    /// Pasting: the same rules as `insert` (no spaces added, caret after the pasted content).
    case paste(String)
    /// Inserting a sticker by its tag or alias (its canonical tag goes into the text).
    case insertSticker(tag: String)
    /// Removes the selection; the clipboard gets its plain text; caret at its start.
    case cut
    /// The clipboard gets the plain text of the selection; nothing changes.
    case copy
    /// The delete key: the selection, else the one whole unit before the caret.
    case deleteBackward
    /// Forward delete: the selection, else the one whole unit after the caret.
    case deleteForward
    /// Moves the caret by whole units (negative: left), clamped to the text.
    /// A selection first collapses to its end (forward) or start (backward).
    case moveCaret(by: Int)
    /// Selects the given range, snapped outward to whole units.
    case select
    case selectAll
}

import StickerText

extension EditOperation {
    /// The operations by name, as the API's `op` gives them.
    public enum Kind: String, CaseIterable, Sendable {
        case insert, paste, insertSticker, cut, copy, deleteBackward, deleteForward, moveCaret, select, selectAll
    }
}

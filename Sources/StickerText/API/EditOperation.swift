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

public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    case selectionOutOfRange(TextRange, length: Int, unit: OffsetUnit)
    case unknownSticker(String)
    case invalidText(String)
    case invalidPolicy(String)

    public var description: String {
        switch self {
        case .selectionOutOfRange(let range, let length, let unit):
            "selection \(range) is outside the text (display length \(length) in \(unit.rawValue) units)"
        case .unknownSticker(let tag): "no sticker has the tag \(tag)"
        case .invalidText(let why): why
        case .invalidPolicy(let why): why
        }
    }
}

/// The outcome of one edit: the new text and selection, and what the policy did.
public struct EditResult: Sendable {
    public let string: TextBackedString
    /// The selection in the requested display unit.
    public let selection: TextRange
    /// The same selection as UTF-16 offsets into the plain text.
    public let plainSelection: TextRange
    public let clipboard: String?
    public let changed: Bool
    /// The inserted text was cut short to fit `maxLength`.
    public let truncated: Bool
    /// The edit was refused whole, and why.
    public let rejected: EditRejection?
    /// What the policy did to an edit that went through, as a code.
    public let note: EditNote?
    /// A sentence for the user when the policy stepped in.
    public let message: String?

    public var text: String { string.text }
}

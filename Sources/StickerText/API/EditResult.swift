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
    /// The edit was refused whole: the rule it would break (never `maxLength`, which cuts it short instead).
    public let rejected: InputPolicy.Violation?
    /// What the policy did to an edit that went through, as a code.
    public let note: Note?
    /// A sentence for the user when the policy stepped in.
    public let message: String?

    public var text: String { string.text }
}

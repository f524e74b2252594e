/// A rule of an `InputPolicy` that a text breaks: the `violations` of its counts.
public enum PolicyViolation: String, CaseIterable, Sendable {
    /// Longer than `maxLength` in the policy's count mode.
    case maxLength
    /// Holds an emoji under `emoji: reject`.
    case emoji
    /// Something other than ASCII digits under `content: digits`.
    case digits
    /// Not a decimal number under `content: decimal`.
    case decimal
    /// More digits after the point than `decimalPlaces`.
    case decimalPlaces
    /// Holds U+FFFE, U+FEFF or U+FFFF under `countMode: weighted` (twitter-text v3 calls such a text invalid).
    case invalidCharacters
}

/// Why an edit was refused whole (`rejected`): nothing of it was applied.
public enum EditRejection: String, CaseIterable, Sendable {
    /// It would insert an emoji under `emoji: reject`.
    case emoji
    case digits
    case decimal
    case decimalPlaces
    /// It would insert U+0000 (NUL), which no text field or HTML can carry.
    case nul = "text"
    /// It would insert U+FFFE, U+FEFF or U+FFFF under `countMode: weighted`.
    case invalidCharacters

    init(_ violation: PolicyViolation) {
        switch violation {
        case .emoji: self = .emoji
        case .digits: self = .digits
        case .decimal, .maxLength: self = .decimal  // maxLength truncates, never rejects
        case .decimalPlaces: self = .decimalPlaces
        case .invalidCharacters: self = .invalidCharacters
        }
    }
}

/// What the policy did to an edit that went through (`note`), the reason
/// behind its `message` for a program or a page to say in its own language.
public enum EditNote: String, CaseIterable, Sendable {
    /// Emoji the insert made were taken out under `emoji: strip`.
    case emojiRemoved
    /// The text was over `maxLength` already: nothing was inserted.
    case alreadyOver
    /// The insert was cut short to fit `maxLength`.
    case cutShort
    /// Not one whole unit of the insert fits within `maxLength`.
    case nothingFits
}

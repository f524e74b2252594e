extension EditResult {
    /// Why an edit was refused whole (`rejected`): nothing of it was applied.
    public enum Rejection: String, CaseIterable, Sendable {
        /// It would insert an emoji under `emoji: reject`.
        case emoji
        case digits
        case decimal
        case decimalPlaces
        /// It would insert U+0000 (NUL), which no text field or HTML can carry.
        case nul = "text"
        /// It would insert U+FFFE, U+FEFF or U+FFFF under `countMode: weighted`.
        case invalidCharacters

        init(_ violation: InputPolicy.Violation) {
            switch violation {
            case .emoji: self = .emoji
            case .digits: self = .digits
            case .decimal, .maxLength: self = .decimal  // maxLength truncates, never rejects
            case .decimalPlaces: self = .decimalPlaces
            case .invalidCharacters: self = .invalidCharacters
            }
        }
    }
}

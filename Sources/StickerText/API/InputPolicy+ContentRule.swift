extension InputPolicy {
    /// What text an input field takes: any, ASCII digits only, or a decimal number.
    public enum ContentRule: String, CaseIterable, Sendable {
        case any
        /// ASCII 0–9 only.
        case digits
        /// ASCII digits with at most one `.`, not first, and at most `decimalPlaces` digits after it.
        case decimal
    }
}

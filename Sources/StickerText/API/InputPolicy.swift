/// The rules of an input field, applied to every edit (the interceptor of the
/// originals, written down as a spec).
public struct InputPolicy: Hashable, Sendable {
    public var maxLength: Int?
    public var countMode: CountMode
    public var emoji: EmojiRule
    public var content: ContentRule
    public var decimalPlaces: Int
    /// What one sticker counts in every mode; nil counts its code's text.
    public var stickerWeight: Int?

    public init(
        maxLength: Int? = nil, countMode: CountMode = .graphemes, emoji: EmojiRule = .allow,
        content: ContentRule = .any, decimalPlaces: Int = 2, stickerWeight: Int? = nil
    ) {
        self.maxLength = maxLength
        self.countMode = countMode
        self.emoji = emoji
        self.content = content
        self.decimalPlaces = decimalPlaces
        self.stickerWeight = stickerWeight
    }

    public static let unlimited = InputPolicy()

    /// Why the policy itself makes no sense, or nil.
    public var validationProblem: String? {
        if let maxLength, maxLength < 0 { return "policy.maxLength must be 0 or more" }
        if decimalPlaces < 0 || decimalPlaces > 100 { return "policy.decimalPlaces must be between 0 and 100" }
        if let stickerWeight, stickerWeight < 0 || stickerWeight > 1000 {
            return "policy.stickerWeight must be between 0 and 1000"
        }
        return nil
    }

    /// Whether `text` obeys the content rule; the reason code if not.
    func contentViolation(_ text: String) -> Violation? {
        switch content {
        case .any:
            return nil
        case .digits:
            return text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? nil : .digits
        case .decimal:
            var seenDot = false
            var places = 0
            for (index, byte) in text.utf8.enumerated() {
                if byte == UInt8(ascii: ".") {
                    if seenDot || index == 0 || decimalPlaces == 0 { return .decimal }
                    seenDot = true
                } else if byte >= 0x30 && byte <= 0x39 {
                    if seenDot { places += 1 }
                    if places > decimalPlaces { return .decimalPlaces }
                } else {
                    return .decimal
                }
            }
            return nil
        }
    }
}

/// How `maxLength` is counted.
public enum CountMode: String, CaseIterable, Sendable {
    /// User-perceived characters.
    case graphemes
    /// UTF-16 code units, what `NSString.length` and JavaScript's `length` give.
    case utf16
    /// UTF-8 bytes.
    case utf8
    /// GB18030 bytes: ASCII 1, CJK 2, emoji 4, as `len(s.encode('gb18030'))`.
    case gb18030
    /// twitter-text v3 weighted length (`parseTweet`): NFC, CJK and emoji 2,
    /// Latin 1, every URL 23 (found in the text between stickers); a text with
    /// U+FFFE, U+FEFF or U+FFFF is invalid. See docs/model.md, "Weighted".
    case weighted
}

public enum EmojiRule: String, CaseIterable, Sendable {
    case allow
    /// An edit that inserts an emoji is refused whole.
    case reject
    /// Emoji are removed from inserted text; the rest goes in.
    case strip
}

public enum ContentRule: String, CaseIterable, Sendable {
    case any
    /// ASCII 0–9 only.
    case digits
    /// ASCII digits with at most one `.`, not first, and at most `decimalPlaces` digits after it.
    case decimal
}

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

    public init(maxLength: Int? = nil, countMode: CountMode = .graphemes, emoji: EmojiRule = .allow,
                content: ContentRule = .any, decimalPlaces: Int = 2, stickerWeight: Int? = nil) {
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
        if let stickerWeight, stickerWeight < 0 || stickerWeight > 1000 { return "policy.stickerWeight must be between 0 and 1000" }
        return nil
    }

    /// Whether `text` obeys the content rule; the reason code if not.
    func contentViolation(_ text: String) -> PolicyViolation? {
        switch content {
        case .any:
            return nil
        case .digits:
            return text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? nil : .digits
        case .decimal:
            var seenDot = false
            var places = 0
            for (i, b) in text.utf8.enumerated() {
                if b == UInt8(ascii: ".") {
                    if seenDot || i == 0 || decimalPlaces == 0 { return .decimal }
                    seenDot = true
                } else if b >= 0x30 && b <= 0x39 {
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

/// Why an edit could not be applied at all (a policy's refusal is not an error: see `EditResult.rejected`).
public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    case selectionOutOfRange(TextRange, length: Int, unit: TextRange.Unit)
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

/// Why text could not be rendered.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not valid UTF-8; `offset` is the first bad byte.
    case invalidUTF8(offset: Int)
    /// U+0000 cannot be carried by HTML at all, so it is refused rather than altered.
    case nulCharacter(offset: Int)
    case invalidOptions(String)

    public var description: String {
        switch self {
        case .invalidUTF8(let offset): "text is not valid UTF-8 (first bad byte at offset \(offset))"
        case .nulCharacter(let offset): "text contains U+0000 (NUL) at byte \(offset), which HTML cannot carry"
        case .invalidOptions(let problem): problem
        }
    }
}

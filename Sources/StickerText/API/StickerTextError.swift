/// Why the core refused what it was given: text it cannot carry, settings that
/// make no sense, an edit that names what is not there, a search it cannot run.
/// One type for rendering, editing and searching, so that a program answers
/// every refusal in one place; each throwing function says which cases it
/// throws. A policy's refusal of an edit is not an error (see
/// `EditResult.rejected`), and packs have their own (`CatalogValidationError`).
public enum StickerTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Rendering bytes that are not valid UTF-8; `offset` is the first bad byte.
    case invalidUTF8(offset: Int)
    /// Rendering U+0000, which HTML cannot carry at all, so it is refused rather than altered.
    case nulCharacter(offset: Int)
    /// `RenderOptions` that cannot be used (`validationProblem`).
    case invalidOptions(String)
    /// An `InputPolicy` that makes no sense (`validationProblem`).
    case invalidPolicy(String)
    /// An edit's selection outside the text.
    case selectionOutOfRange(TextRange, length: Int, unit: TextRange.Unit)
    /// `insertSticker` with a tag no sticker has.
    case unknownSticker(String)
    /// A search for nothing.
    case emptySearch
    /// A search longer than `SearchQuery.maxLength` Unicode scalars.
    case searchTooLong(length: Int)
    /// A search holding U+0000, which no sticker's key holds and no text field sends.
    case nulInSearch
    /// A search's limit outside `SearchQuery.limits`.
    case limitOutOfRange(Int)

    public var description: String {
        switch self {
        case .invalidUTF8(let offset): "text is not valid UTF-8 (first bad byte at offset \(offset))"
        case .nulCharacter(let offset): "text contains U+0000 (NUL) at byte \(offset), which HTML cannot carry"
        case .invalidOptions(let problem), .invalidPolicy(let problem): problem
        case .selectionOutOfRange(let range, let length, let unit):
            "selection \(range) is outside the text (display length \(length) in \(unit.rawValue) units)"
        case .unknownSticker(let tag): "no sticker has the tag \(tag)"
        case .emptySearch: "the search text is empty"
        case .searchTooLong(let length):
            "the search text is \(length) characters long; at most \(SearchQuery.maxLength)"
        case .nulInSearch: "the search text contains U+0000"
        case .limitOutOfRange(let limit):
            "a limit of \(limit) results; it must be between \(SearchQuery.limits.lowerBound) and \(SearchQuery.limits.upperBound)"
        }
    }
}

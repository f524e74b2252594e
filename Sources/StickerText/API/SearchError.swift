/// Why a `SearchQuery` cannot be made.
public enum SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyText
    /// Longer than `SearchQuery.maxLength` Unicode scalars.
    case textTooLong(length: Int)
    /// U+0000, which no sticker's key holds and no text field sends.
    case nulCharacter
    /// Outside `SearchQuery.limits`.
    case limitOutOfRange(Int)

    public var description: String {
        switch self {
        case .emptyText: "the search text is empty"
        case .textTooLong(let length): "the search text is \(length) characters long; at most \(SearchQuery.maxLength)"
        case .nulCharacter: "the search text contains U+0000"
        case .limitOutOfRange(let limit):
            "a limit of \(limit) results; it must be between \(SearchQuery.limits.lowerBound) and \(SearchQuery.limits.upperBound)"
        }
    }
}

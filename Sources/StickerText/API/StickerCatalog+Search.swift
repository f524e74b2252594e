/// Finding stickers by what people type: a code, a name in Chinese or
/// English, pinyin or its initials, a keyword. The page's JS runs the same
/// ranking over the packs document (public/js/model/search.js); the
/// conformance corpus (`Tests/conformance/search.json`) holds both to it.

/// How a result matched: the ranking's tiers, best first.
public enum SearchMatch: String, CaseIterable, Comparable, Sendable {
    /// The query is a whole code or alias (`smile`, `[笑哭]`, `開心`) or an emoji.
    case code
    /// A name, code, alias or keyword starts with the query.
    case name
    /// The full pinyin starts with the query (spaces and `'` left out).
    case pinyin
    /// The pinyin initials start with the query.
    case initials
    /// A name, code, alias, keyword or the pinyin contains the query.
    case substring

    public static func < (a: SearchMatch, b: SearchMatch) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One sticker found, and how.
public struct SearchResult: Hashable, Sendable {
    public let packIndex: Int
    public let stickerIndex: Int
    public let match: SearchMatch
}

/// A search as asked: its text (1–64 Unicode scalars) and how many results
/// to give (1–100, 20 when not said).
public struct SearchQuery: Hashable, Sendable {
    public static let maxLength = 64
    public static let limits = 1...100
    public static let defaultLimit = 20

    public let text: String
    public let limit: Int

    public init(_ text: String, limit: Int? = nil) throws(SearchError) {
        let length = text.unicodeScalars.count
        guard length > 0 else { throw .emptyText }
        guard length <= Self.maxLength else { throw .textTooLong(length: length) }
        guard !text.unicodeScalars.contains("\u{0}") else { throw .nulCharacter }
        let limit = limit ?? Self.defaultLimit
        guard Self.limits.contains(limit) else { throw .limitOutOfRange(limit) }
        self.text = text
        self.limit = limit
    }
}

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

extension StickerCatalog {
    /// The stickers `query` finds, best first: by tier (`SearchMatch`), then
    /// the shorter matching key, then catalog order. A query that folds to
    /// nothing (`[`, spaces) finds nothing.
    public func search(_ query: SearchQuery) -> [SearchResult] {
        let q = SearchFolding.query(query.text)
        guard !q.isEmpty else { return [] }
        let pq = SearchFolding.pinyinQuery(q)
        var found: [(match: SearchMatch, length: Int, order: Int)] = []
        for (order, keys) in searchIndex.keys.enumerated() {
            if let (match, length) = SearchIndex.match(keys, query: q, pinyin: pq) {
                found.append((match, length, order))
            }
        }
        found.sort { ($0.match, $0.length, $0.order) < ($1.match, $1.length, $1.order) }
        return found.prefix(query.limit).map {
            let keys = searchIndex.keys[$0.order]
            return SearchResult(packIndex: keys.packIndex, stickerIndex: keys.stickerIndex, match: $0.match)
        }
    }
}

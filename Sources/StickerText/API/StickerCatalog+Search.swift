/// Finding stickers by what people type: a code, a name in Chinese or
/// English, pinyin or its initials, a keyword. The page's JS runs the same
/// ranking over the packs document (public/js/model/search.js); the
/// conformance corpus (its search cases in `Tests/conformance`) holds both to it.

extension StickerCatalog {
    /// The longest search text, in Unicode scalars (no sticker's key is longer).
    public static let maxSearchLength = 64
    /// How many results a search may ask for, and how many it gets when it does not say.
    public static let searchLimits = 1...100
    public static let defaultSearchLimit = 20

    /// The stickers `text` finds, at most `limit`, best first: by tier
    /// (`SearchResult.Match`), then the shorter matching key, then catalog
    /// order. A text that folds to nothing (`[`, spaces) finds nothing. Throws
    /// `emptySearch`, `searchTooLong`, `nulInSearch` or `limitOutOfRange`.
    public func search(_ text: String, limit: Int = defaultSearchLimit) throws(InputError) -> [SearchResult] {
        let length = text.unicodeScalars.count
        guard length > 0 else { throw .emptySearch }
        guard length <= Self.maxSearchLength else { throw .searchTooLong(length: length) }
        guard !text.unicodeScalars.contains("\u{0}") else { throw .nulInSearch }
        guard Self.searchLimits.contains(limit) else { throw .limitOutOfRange(limit) }
        let folded = SearchFolding.query(text)
        guard !folded.isEmpty else { return [] }
        let pinyin = SearchFolding.pinyinQuery(folded)
        var found: [(match: SearchResult.Match, length: Int, order: Int)] = []
        for (order, keys) in searchIndex.keys.enumerated() {
            if let (match, length) = SearchIndex.match(keys, query: folded, pinyin: pinyin) {
                found.append((match, length, order))
            }
        }
        found.sort { ($0.match, $0.length, $0.order) < ($1.match, $1.length, $1.order) }
        return found.prefix(limit).map {
            let keys = searchIndex.keys[$0.order]
            return SearchResult(packIndex: keys.packIndex, stickerIndex: keys.stickerIndex, match: $0.match)
        }
    }
}

/// Finding stickers by what people type: a code, a name in Chinese or
/// English, pinyin or its initials, a keyword. The page's JS runs the same
/// ranking over the packs document (public/js/model/search.js); the
/// conformance corpus (its search cases in `Tests/conformance`) holds both to it.

extension StickerCatalog {
    /// The stickers `query` finds, best first: by tier (`SearchResult.Match`), then
    /// the shorter matching key, then catalog order. A query that folds to
    /// nothing (`[`, spaces) finds nothing.
    public func search(_ query: SearchQuery) -> [SearchResult] {
        let folded = SearchFolding.query(query.text)
        guard !folded.isEmpty else { return [] }
        let pinyin = SearchFolding.pinyinQuery(folded)
        var found: [(match: SearchResult.Match, length: Int, order: Int)] = []
        for (order, keys) in searchIndex.keys.enumerated() {
            if let (match, length) = SearchIndex.match(keys, query: folded, pinyin: pinyin) {
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

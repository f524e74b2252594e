/// Every sticker's search keys, folded once when the catalog is built, so a
/// search only compares scalars.
struct SearchIndex: Sendable {
    struct Keys: Sendable {
        let packIndex: Int
        let stickerIndex: Int
        /// Codes without their brackets (tag and aliases), and for an emoji
        /// sticker its emoji: what an exact match compares with.
        let codes: [[Unicode.Scalar]]
        /// The names (zh, en), the codes and the keywords: prefixes and substrings.
        let words: [[Unicode.Scalar]]
        let pinyin: [Unicode.Scalar]
        let initials: [Unicode.Scalar]
    }

    let keys: [Keys]

    init(packs: [StickerPack]) {
        var keys: [Keys] = []
        for (p, pack) in packs.enumerated() {
            for (s, sticker) in pack.stickers.enumerated() {
                let codes = sticker.codes.map { SearchFolding.fold(String($0.dropFirst().dropLast())) }
                let words =
                    [SearchFolding.fold(sticker.name.zh), SearchFolding.fold(sticker.name.en)]
                    + codes + sticker.keywords.map(SearchFolding.fold)
                keys.append(
                    Keys(
                        packIndex: p, stickerIndex: s,
                        codes: codes + (sticker.emoji.map { [SearchFolding.fold($0)] } ?? []),
                        words: words,
                        pinyin: SearchFolding.fold(sticker.pinyin ?? ""),
                        initials: SearchFolding.fold(sticker.initials ?? "")))
            }
        }
        self.keys = keys
    }

    /// How `keys` matches a query (folded, see `SearchFolding.query`) at its
    /// best, and the length of the shortest key that matches so: a closer
    /// match ranks first within a tier.
    static func match(_ keys: Keys, query: [Unicode.Scalar], pinyin pinyinQuery: [Unicode.Scalar]) -> (
        SearchResult.Match, Int
    )? {
        func shortest(_ candidates: [[Unicode.Scalar]], _ test: ([Unicode.Scalar]) -> Bool) -> Int? {
            candidates.lazy.filter(test).map(\.count).min()  // no array per sticker per query
        }
        if let n = shortest(keys.codes, { $0 == query }) { return (.code, n) }
        if let n = shortest(keys.words, { $0.starts(with: query) }) { return (.name, n) }
        if !pinyinQuery.isEmpty {
            if keys.pinyin.starts(with: pinyinQuery) { return (.pinyin, keys.pinyin.count) }
            if keys.initials.starts(with: pinyinQuery) { return (.initials, keys.initials.count) }
        }
        if let n = shortest(keys.words, { $0.containsRun(query) }) { return (.substring, n) }
        if !pinyinQuery.isEmpty, keys.pinyin.containsRun(pinyinQuery) { return (.substring, keys.pinyin.count) }
        return nil
    }
}

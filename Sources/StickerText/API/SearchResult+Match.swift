extension SearchResult {
    /// How a result matched: the ranking's tiers, best first.
    package enum Match: String, CaseIterable, Comparable, Sendable {
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

        package static func < (lhs: Match, rhs: Match) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }
}

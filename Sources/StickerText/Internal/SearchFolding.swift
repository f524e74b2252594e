/// How search text is compared: the query and every key go through the same
/// fold, and are then compared scalar by scalar (never by Swift's `Character`
/// equality, which the page's JS could not mirror).
///
/// The fold is NFKC (full-width `ｄｏｇｅ` is `doge`, an ideographic or
/// no-break space is a space; our own, Unicode 18.0's: `Normalization`) and
/// then each scalar's own lowercase mapping, one scalar at a time, with no
/// context (so `Σ` is always `σ`): JS does the same with the same NFKC
/// (compatibility.js) and `toLowerCase()` on each code point
/// (public/js/model/search.js). The conformance corpus holds both to it.
package enum SearchFolding {
    package static func fold(_ text: String) -> [Unicode.Scalar] {
        var folded: [Unicode.Scalar] = []
        folded.reserveCapacity(text.unicodeScalars.count)
        for value in Normalization.normalized(.nfkc, text.unicodeScalars.map(\.value)) {
            let scalar = Unicode.Scalar(value).unsafelyUnwrapped
            if scalar.isASCII {
                // The common case, without building a mapping string.
                let v = scalar.value
                folded.append((0x41...0x5A).contains(v) ? Unicode.Scalar(v + 0x20)! : scalar)
            } else {
                folded.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return folded
    }

    /// A query as searched: folded, without the spaces around it and without
    /// the `[` a code starts with or the `]` it ends with, so `[xk`, `xk` and
    /// `[笑哭]` all search as their letters.
    static func query(_ text: String) -> [Unicode.Scalar] {
        var q = fold(text)[...]
        while q.first == " " { q = q.dropFirst() }
        while q.last == " " { q = q.dropLast() }
        if q.first == "[" { q = q.dropFirst() }
        if q.last == "]" { q = q.dropLast() }
        return Array(q)
    }

    /// The query as compared with pinyin keys: without the spaces and
    /// apostrophes people type between syllables (`xiao ku`, `xi'an`).
    static func pinyinQuery(_ query: [Unicode.Scalar]) -> [Unicode.Scalar] {
        query.filter { $0 != " " && $0 != "'" }
    }

    /// Whether `key` is already as the fold would make it: what a keyword in
    /// the pack's file must be, so that the pack is searched as it reads.
    package static func isFolded(_ key: String) -> Bool {
        fold(key).elementsEqual(key.unicodeScalars)
    }
}

extension Array where Element == Unicode.Scalar {
    /// Whether `part` occurs in this array, scalar for scalar.
    func containsRun(_ part: [Unicode.Scalar]) -> Bool {
        guard !part.isEmpty else { return true }
        guard count >= part.count else { return false }
        for start in 0...(count - part.count) where self[start] == part[0] {
            if self[start..<start + part.count].elementsEqual(part) { return true }
        }
        return false
    }
}

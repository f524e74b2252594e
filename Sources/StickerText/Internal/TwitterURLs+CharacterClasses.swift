/// The rule's character classes, case folding and TLDs, from the generated
/// `TwitterTextTables`.
extension TwitterURLs {
    static let preceding = CodePointSet(TwitterTextTables.preceding)
    static let domainChar = CodePointSet(TwitterTextTables.domain)
    static let pathGeneral = CodePointSet(TwitterTextTables.pathGeneral)
    static let pathEnding = CodePointSet(TwitterTextTables.pathEnding)
    static let queryChar = CodePointSet(TwitterTextTables.query)
    static let queryEnding = CodePointSet(TwitterTextTables.queryEnding)
    static let tldFollower = CodePointSet(TwitterTextTables.tldFollower)
    static let asciiDomainChar = CodePointSet(TwitterTextTables.asciiDomain)
    static let punycodeChar = CodePointSet(TwitterTextTables.punycode)
    static let tcoSlugChar = CodePointSet(TwitterTextTables.tcoSlug)

    static let foldMap: [UInt32: UInt32] = {
        var map: [UInt32: UInt32] = [:]
        for k in stride(from: 0, to: TwitterTextTables.fold.count, by: 2) {
            map[TwitterTextTables.fold[k]] = TwitterTextTables.fold[k + 1]
        }
        return map
    }()

    /// `foldMap` as an array up to its last key (U+212A KELVIN SIGN), every
    /// scalar above its own fold: literals are tried at nearly every position
    /// of a text, and a dictionary lookup hashed each character past ASCII
    /// (a text of Arabic prepend marks and dots cost 10x mixed text per byte).
    static let flatFold: [UInt32] = (0...foldMap.keys.max()!).map { foldMap[$0] ?? $0 }

    /// The character `scalar` matches in a literal under IGNORECASE.
    @inline(__always)
    static func fold(_ scalar: UInt32) -> UInt32 { scalar < flatFold.count ? flatFold[Int(scalar)] : scalar }

    /// The TLDs as a trie over their code points (each already lowercase),
    /// so the longest TLD at a position is found in one walk of at most the
    /// longest TLD's length, whatever the number of TLDs sharing a first letter.
    static let tldTrie = TLDTrie(TwitterTextTables.tlds.split(separator: "|").map { $0.unicodeScalars.map(\.value) })
}

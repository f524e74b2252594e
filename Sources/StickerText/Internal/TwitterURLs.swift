import Foundation

/// twitter-text v3's URL rule (`extractUrlsWithIndices` with URLs without a
/// protocol, as `parseTweet` runs it): which spans of a text are URLs, each of
/// which weighs `transformedURLLength` (23) in the weighted count.
///
/// The official rule is one backtracking regex plus checks after it. This is
/// the same rule written out as a scan, so its result is the regex's first
/// match at each step: the character classes, TLDs and case folding are the
/// regex's own, generated from one source into `TwitterTextTables` (and into
/// the JS model's table, whose `urls.js` is this file's twin). Positions are
/// offsets in an array of code points, as in the Python port the corpus is
/// checked against. The rule's parts: its character classes and TLDs
/// (`+CharacterClasses`, `+CodePointSet`, `+TLDTrie`), the scan
/// (`+Scanner`), and the NFC text it reads (`+NFC`); the check of each
/// domain found is the JS build's (`IDNA`). A run of text after a sticker
/// is read as twitter-text reads it after the code's `]` (`afterCode`).
enum TwitterURLs {
    /// What one URL weighs, in 1/100 units.
    static let urlWeight = 2300

    /// Whether `utf8[range]` may hold a URL: every URL has a `.` followed by its
    /// TLD, whose first character is an ASCII letter or not ASCII. One `memchr`
    /// pass, so text without such a dot pays almost nothing.
    static func mayHoldURL(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        firstTLDDot(in: range, of: utf8) != nil
    }

    /// The first `.` in `utf8[range]` that a TLD may follow (`mayHoldURL`'s test), found with `memchr`.
    static func firstTLDDot(in range: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = utf8.baseAddress, !range.isEmpty else { return nil }
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            guard let hit = memchr(base + index, 0x2E, end - index) else { return nil }
            let dot = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            let j = dot + 1
            if j < end && mayBeginTLD(at: j, before: end, in: utf8) { return dot }
            index = j
        }
        return nil
    }

    /// Whether a TLD, as `tld(at:in:limit:)` reads one in the run's NFC
    /// text, may begin at `utf8[start]` (the text ending at `end`). False
    /// only where ASCII decides it: a letter must come first, and a run of
    /// ASCII letters no TLD spells, each prefix that is one followed by what
    /// may not follow a TLD, holds none (`sources.list`, `init.d`, `4.h`:
    /// most dots in text). ASCII is its own NFC form, but a letter followed
    /// by a scalar past ASCII may compose with it, and a scalar past ASCII
    /// may fold or compose into a TLD's letter: there the answer is yes, and
    /// the scanner decides. At most the longest TLD's length is read.
    @inline(__always)
    static func mayBeginTLD(at start: Int, before end: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = utf8[start]
        if first >= 0x80 { return true }
        guard first | 0x20 >= 0x61 && first | 0x20 <= 0x7A else { return false }
        // `xn--` and a punycode character begin a TLD whatever follows.
        if first | 0x20 == 0x78 && start + 4 <= end && utf8[start + 1] | 0x20 == 0x6E && utf8[start + 2] == 0x2D
            && utf8[start + 3] == 0x2D
        {
            return true
        }
        // The tables read once, not through their globals' accessors (`swift_once` calls) at every step.
        let trie = tldTrie
        let follower = tldFollower
        let fold = flatFold
        var node: Int32 = 0
        var k = start
        while k < end {
            let c = utf8[k]
            let next = k + 1
            // Past ASCII here or just after, NFC or folding may make another letter: undecided.
            if c >= 0x80 || (next < end && utf8[next] >= 0x80) { return true }
            guard let child = trie.child(of: node, fold[Int(c)]) else { return false }
            node = child
            if trie.endsWord(node) && (next == end || follower.contains(UInt32(utf8[next]))) { return true }
            k = next
        }
        return false
    }

    /// The URLs in `scalars` (NFC text) as code point ranges, in order;
    /// `afterCode`: the text follows a sticker code.
    static func find(in scalars: [UInt32], afterCode: Bool = false) -> [Range<Int>] {
        var workspace = Workspace()
        return find(in: scalars, afterCode: afterCode, reusing: &workspace)
    }

    /// `find(in:afterCode:)` with the scanner's tables in `workspace`'s memory (see `Workspace`).
    static func find(in scalars: [UInt32], afterCode: Bool = false, reusing workspace: inout Workspace) -> [Range<Int>]
    {
        // A short text (a word around a dot) is checked for a TLD first: most hold none, and the check
        // costs less than the scanner's tables. A long one goes to the scanner, which finds its TLDs
        // itself: checked first, a chain of labels (`label.label.….com`) would be walked twice.
        guard scalars.count > tldCheckLimit ? scalars.contains(0x2E) : hasTLDAfterDot(scalars) else { return [] }
        var scanner = Scanner(scalars, afterCode: afterCode, reusing: &workspace)
        defer { scanner.giveBack(to: &workspace) }
        return scanner.run()
    }

    /// The longest text that `find` checks for a TLD before it scans.
    static let tldCheckLimit = 64

    /// Whether a TLD follows some `.` of `scalars` (NFC text) as the rule
    /// reads one (`tld(at:in:limit:)`). Every URL's domain ends in a label,
    /// a `.` and a TLD read so, so text where none does holds no URL: most
    /// text with dots (a file name, an abbreviation, a sentence's end) is
    /// done here, without the scanner's tables.
    static func hasTLDAfterDot(_ scalars: [UInt32]) -> Bool {
        // From the end: a domain's last label is its TLD, so a text with a URL is usually told at its last dot.
        var k = scalars.count - 1
        while k >= 0 {
            if scalars[k] == 0x2E && tld(at: k + 1, in: scalars, limit: scalars.count) != nil { return true }
            k -= 1
        }
        return false
    }

    /// The longest TLD at `position` followed by a character that may follow one (or the end at `limit`), else `xn--…`.
    static func tld(at position: Int, in scalars: [UInt32], limit: Int) -> Int? {
        guard position < limit else { return nil }
        var node: Int32 = 0
        var longest: Int?
        var k = position
        // The tables read once, not through their globals' accessors (`swift_once` calls) at every step.
        let trie = tldTrie
        let follower = tldFollower
        while k < limit, let child = trie.child(of: node, fold(scalars[k])) {
            node = child
            k += 1
            if trie.endsWord(node) && (k == limit || follower.contains(scalars[k])) { longest = k }
        }
        if let longest { return longest }
        if limit - position >= 5 && fold(scalars[position]) == 0x78 && fold(scalars[position + 1]) == 0x6E
            && fold(scalars[position + 2]) == 0x2D && fold(scalars[position + 3]) == 0x2D
            && punycodeChar.contains(scalars[position + 4])
        {
            var end = position + 5
            while end < limit && punycodeChar.contains(scalars[end]) { end += 1 }
            return end
        }
        return nil
    }

    /// The URLs of the text run `utf8[range]` as byte ranges of it, each widened
    /// to whole grapheme clusters (the insert cut's estimate weighs them by
    /// their clusters). The runs are the text between stickers: one that does
    /// not begin the text follows a code.
    static func spans(in range: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard mayHoldURL(range, in: utf8) else { return [] }
        let run = normalized(range, in: utf8)
        /// The cluster holding code point `index`.
        func cluster(holding index: Int) -> Int {
            var lo = 0
            var hi = run.clusters.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if run.clusters[mid].end <= index { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return find(in: run.scalars, afterCode: range.lowerBound > 0).map { url in
            run.clusters[cluster(holding: url.lowerBound)].bytes
                .lowerBound..<run.clusters[cluster(holding: url.upperBound - 1)].bytes.upperBound
        }
    }

    /// A character no part of a URL holds and that ends every look of the
    /// rule ahead: before it, the URLs are what they would be were the text
    /// to end there, and after it what they would be were the text to begin
    /// there. Derived from the rule's own classes, it comes to whitespace
    /// (tab, line feed, VT, FF, NEL, space, U+00A0, U+3000) and `\\ ^ { }`;
    /// nothing joins it or composes with it (`<` and `>` would: ≮ ≯).
    static func isStop(_ scalar: UInt32) -> Bool {
        GraphemeSegmentation.isSimple(scalar) && preceding.contains(scalar) && tldFollower.contains(scalar)
            && !domainChar.contains(scalar) && !pathGeneral.contains(scalar) && !queryChar.contains(scalar)
            && !asciiDomainChar.contains(scalar)
            && !punycodeChar.contains(scalar) && !tcoSlugChar.contains(scalar)
            && ![0x28, 0x29, 0x2D, 0x2E, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x5F, 0x3002, 0xFF0E, 0xFF61].contains(scalar)
    }
}

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
/// checked against.
enum TwitterURLs {
    /// What one URL weighs, in 1/100 units.
    static let urlWeight = 2300

    /// Whether `p[range]` may hold a URL: every URL has a `.` followed by its
    /// TLD, whose first character is an ASCII letter or not ASCII. One `memchr`
    /// pass, so text without such a dot pays almost nothing.
    static func mayHoldURL(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = p.baseAddress, !range.isEmpty else { return false }
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            guard let hit = memchr(base + i, 0x2E, end - i) else { return false }
            let j = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
            if j < end {
                let b = p[j]
                if b >= 0x80 || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) { return true }
            }
            i = j
        }
        return false
    }

    // MARK: - Character classes

    /// A set of code points from inclusive [first, last] pairs, with an ASCII bitmap.
    struct CodePointSet {
        let ranges: [UInt32]
        let low: UInt64, high: UInt64

        init(_ pairs: [UInt32]) {
            ranges = pairs
            var low: UInt64 = 0, high: UInt64 = 0
            for k in stride(from: 0, to: pairs.count, by: 2) where pairs[k] < 0x80 {
                for c in pairs[k]...min(pairs[k + 1], 0x7F) {
                    if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
                }
            }
            self.low = low
            self.high = high
        }

        @inline(__always)
        func contains(_ c: UInt32) -> Bool {
            if c < 64 { return low & (1 << UInt64(c)) != 0 }
            if c < 128 { return high & (1 << UInt64(c - 64)) != 0 }
            var lo = 0, hi = ranges.count / 2
            while lo < hi {
                let mid = (lo + hi) / 2
                if ranges[2 * mid + 1] < c { lo = mid + 1 } else { hi = mid }
            }
            return lo < ranges.count / 2 && ranges[2 * lo] <= c
        }
    }

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

    /// `foldMap` for ASCII, as an array: literals are tried at nearly every
    /// position of a text, and a dictionary lookup hashes each character.
    static let asciiFold: [UInt32] = (0 ..< 0x80).map { foldMap[$0] ?? $0 }

    /// The character `c` matches in a literal under IGNORECASE.
    @inline(__always)
    static func fold(_ c: UInt32) -> UInt32 { c < 0x80 ? asciiFold[Int(c)] : foldMap[c] ?? c }

    /// The TLDs as a trie over their code points (each already lowercase),
    /// so the longest TLD at a position is found in one walk of at most the
    /// longest TLD's length, whatever the number of TLDs sharing a first letter.
    static let tldTrie = TLDTrie(TwitterTextTables.tlds.split(separator: "|").map { $0.unicodeScalars.map(\.value) })

    struct TLDTrie {
        /// (node << 32 | code point) → child node; node 0 is the root.
        private var children: [UInt64: Int32] = [:]
        /// Whether the path to a node spells a whole TLD.
        private var ends: [Bool] = [false]

        init(_ words: [[UInt32]]) {
            for word in words {
                var node: Int32 = 0
                for c in word {
                    let key = UInt64(UInt32(node)) << 32 | UInt64(c)
                    if let child = children[key] {
                        node = child
                    } else {
                        node = Int32(ends.count)
                        ends.append(false)
                        children[key] = node
                    }
                }
                ends[Int(node)] = true
            }
        }

        @inline(__always)
        func child(of node: Int32, _ c: UInt32) -> Int32? { children[UInt64(UInt32(node)) << 32 | UInt64(c)] }

        @inline(__always)
        func endsWord(_ node: Int32) -> Bool { ends[Int(node)] }
    }

    // MARK: - The extractor

    /// The URLs in `t` (NFC text) as code point ranges, in order.
    static func find(in t: [UInt32]) -> [Range<Int>] {
        guard t.contains(0x2E) else { return [] }
        var scanner = Scanner(t)
        return scanner.run()
    }

    /// The regex's matches, found in time linear in the text. The regex tries
    /// a match at nearly every position, and each try walks a chain of domain
    /// labels to its end: the chain from one label start is that label plus
    /// the chain from the next, so each label start's answer is worked out
    /// once and kept (`domainEnds`), as is each position's TLD (`tldEnds`).
    /// A match, once found, moves the scan past its end, so the path, port
    /// and query of each are read once.
    struct Scanner {
        let t: [UInt32]
        let n: Int
        /// `labelEnd[i]`: the first position at or after `i` that is not a domain character, `-` or `_`.
        private let labelEnd: [Int]
        /// `underscoreAfter[i]`: the first `_` at or after `i` (or `n`).
        private let underscoreAfter: [Int]
        /// Answers already worked out, by position: `unknown`, `none`, or an end.
        private var domainEnds: [Int32]
        private var tldEnds: [Int32]
        /// The ASCII length of each non-ASCII domain met so far (nil where
        /// ToASCII fails): nameprep and Punycode cost a few microseconds a
        /// domain, and a text of one short IDN repeated (`é.com ` × 10,000)
        /// cost 10x mixed text per byte, most of it encoding `é` again.
        private var encodedLengths: [[UInt32]: Int?] = [:]
        private static let unknown: Int32 = -2
        private static let none: Int32 = -1

        init(_ t: [UInt32]) {
            self.t = t
            n = t.count
            var labelEnd = Array(repeating: t.count, count: t.count + 1)
            var underscoreAfter = Array(repeating: t.count, count: t.count + 1)
            var i = t.count - 1
            while i >= 0 {
                let c = t[i]
                labelEnd[i] = (c == 0x2D || c == 0x5F || domainChar.contains(c)) ? labelEnd[i + 1] : i
                underscoreAfter[i] = c == 0x5F ? i : underscoreAfter[i + 1]
                i -= 1
            }
            self.labelEnd = labelEnd
            self.underscoreAfter = underscoreAfter
            domainEnds = Array(repeating: Self.unknown, count: t.count + 1)
            tldEnds = Array(repeating: Self.unknown, count: t.count + 1)
        }

        @inline(__always) func at(_ i: Int) -> UInt32? { i < n ? t[i] : nil }

        /// Whether `t[i...]` begins with `literal` (lowercase ASCII) under IGNORECASE.
        func hasLiteral(_ literal: StaticString, at i: Int) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard i + count <= n else { return false }
            for k in 0 ..< count where fold(t[i + k]) != UInt32(literal.utf8Start[k]) { return false }
            return true
        }

        mutating func run() -> [Range<Int>] {
            var urls: [Range<Int>] = []
            var pos = 0
            while pos < n {
                var found: Match?
                var p = pos
                while p < n {
                    if preceding.contains(t[p]), let m = match(urlAt: p + 1, before: t[p]) { found = m; break }
                    if p == 0, let m = match(urlAt: 0, before: nil) { found = m; break }
                    p += 1
                }
                guard let m = found else { break }
                urls += accept(m)
                pos = m.end
            }
            return urls
        }

        struct Match {
            var before: UInt32?
            var start: Int
            var protocolLength: Int
            var domain: Range<Int>
            var hasPath: Bool
            var end: Int
        }

        /// The regex's first match of the URL part at `u` (protocol, domain, port, path, query).
        mutating func match(urlAt u: Int, before: UInt32?) -> Match? {
            // The protocols in the regex's order: https://, http://, none. Tried
            // at nearly every position of a text (any character but a letter or
            // digit may precede a URL), so no array is made for them.
            if hasLiteral("https://", at: u), let m = match(urlAt: u, protocolLength: 8, before: before) { return m }
            if hasLiteral("http://", at: u), let m = match(urlAt: u, protocolLength: 7, before: before) { return m }
            return match(urlAt: u, protocolLength: 0, before: before)
        }

        private mutating func match(urlAt u: Int, protocolLength length: Int, before: UInt32?) -> Match? {
            guard let domainEnd = domain(at: u + length) else { return nil }
            var i = domainEnd
            if at(i) == 0x3A, let d = at(i + 1), d >= 0x30 && d <= 0x39 {  // :port
                i += 1
                while let d = at(i), d >= 0x30 && d <= 0x39 { i += 1 }
            }
            var hasPath = false
            if at(i) == 0x2F {
                hasPath = true
                i = path(from: i + 1)
            }
            if at(i) == 0x3F, let end = query(from: i + 1) { i = end }
            return Match(before: before, start: u, protocolLength: length, domain: u + length ..< domainEnd,
                         hasPath: hasPath, end: i)
        }

        /// A subdomain label (`_` allowed) or, with `name`, a domain name label, ending at a `.`: its end.
        func label(at i: Int, name: Bool) -> Int? {
            let e = labelEnd[i]
            guard e > i, e < n, t[e] == 0x2E, domainChar.contains(t[i]), domainChar.contains(t[e - 1]) else { return nil }
            if name && underscoreAfter[i] < e { return nil }
            return e
        }

        /// `validSubdomain* validDomainName (gTLD | ccTLD | punycode)`: the
        /// most subdomains that still leave a TLD. The regex takes as many
        /// labels as there are, then gives them back one by one until a
        /// domain name label and a TLD follow: so the answer at a label start
        /// is the next label start's answer, or else this label as the name.
        mutating func domain(at i: Int) -> Int? {
            // No label at `i` (the usual case): none of a domain name either, which is stricter.
            guard i < n, label(at: i, name: false) != nil else { return nil }
            if domainEnds[i] == Self.unknown {
                // The chain of label starts not worked out yet, then each from the last.
                var chain: [Int] = []
                var s = i
                var tail: Int32 = Self.none
                while true {
                    chain.append(s)
                    let next = labelEnd[s] + 1
                    guard next < n, label(at: next, name: false) != nil else { break }
                    if domainEnds[next] != Self.unknown { tail = domainEnds[next]; break }
                    s = next
                }
                for s in chain.reversed() {
                    if tail == Self.none, let e = label(at: s, name: true), let end = tld(at: e + 1) { tail = Int32(end) }
                    domainEnds[s] = tail
                }
            }
            return domainEnds[i] == Self.none ? nil : Int(domainEnds[i])
        }

        /// The longest TLD at `i` followed by a character that may follow one
        /// (or the text's end), else `xn--…`; worked out once per position.
        mutating func tld(at i: Int) -> Int? {
            guard i < n else { return nil }
            if tldEnds[i] == Self.unknown { tldEnds[i] = tld(at: i, limit: n).map(Int32.init) ?? Self.none }
            return tldEnds[i] == Self.none ? nil : Int(tldEnds[i])
        }

        /// The longest TLD at `i` followed by a character that may follow one (or the end at `limit`), else `xn--…`.
        func tld(at i: Int, limit: Int) -> Int? {
            guard i < limit else { return nil }
            var node: Int32 = 0
            var longest: Int?
            var k = i
            while k < limit, let child = tldTrie.child(of: node, fold(t[k])) {
                node = child
                k += 1
                if tldTrie.endsWord(node) && (k == limit || tldFollower.contains(t[k])) { longest = k }
            }
            if let longest { return longest }
            if limit - i >= 5 && fold(t[i]) == 0x78 && fold(t[i + 1]) == 0x6E && fold(t[i + 2]) == 0x2D && fold(t[i + 3]) == 0x2D
                && punycodeChar.contains(t[i + 4]) {
                var end = i + 5
                while end < limit && punycodeChar.contains(t[end]) { end += 1 }
                return end
            }
            return nil
        }

        /// `validUrlPath*` after a `/`. In the regex, `validUrlPathEndingChars` is
        /// inserted without a group, so its `|` splits the path into three
        /// alternatives: path characters and balanced parentheses ending with a
        /// character that may end a path; balanced parentheses alone; `@…/`
        /// (never the first that matches). Repeated, that reaches the last path
        /// character that may end a path, then any balanced parentheses right after it.
        func path(from i: Int) -> Int {
            var j = i
            var last: Int?
            while j < n {
                let c = t[j]
                if pathGeneral.contains(c) {
                    j += 1
                    if pathEnding.contains(c) { last = j }
                } else if c == 0x28, let b = balancedParens(at: j) {
                    j = b
                } else {
                    break
                }
            }
            var end = last ?? i
            while at(end) == 0x28, let b = balancedParens(at: end) { end = b }
            return end
        }

        /// `(…)` or `(…(…)…)` of path characters.
        func balancedParens(at i: Int) -> Int? {
            var k = i + 1
            while k < n && pathGeneral.contains(t[k]) { k += 1 }
            if k > i + 1 && at(k) == 0x29 { return k + 1 }
            guard at(k) == 0x28 else { return nil }
            var k2 = k + 1
            while k2 < n && pathGeneral.contains(t[k2]) { k2 += 1 }
            guard k2 > k + 1, at(k2) == 0x29 else { return nil }
            var k3 = k2 + 1
            while k3 < n && pathGeneral.contains(t[k3]) { k3 += 1 }
            return at(k3) == 0x29 ? k3 + 1 : nil
        }

        /// Query characters after a `?`, up to the last that may end a query; nil if none may.
        func query(from i: Int, limit: Int? = nil) -> Int? {
            let limit = limit ?? n
            var j = i
            var last: Int?
            while j < limit && queryChar.contains(t[j]) {
                j += 1
                if queryEnding.contains(t[j - 1]) { last = j }
            }
            return last
        }

        /// The checks after the regex: IDNA, the URL length, what may precede a
        /// URL without a protocol and its ASCII-only domains, t.co slugs.
        mutating func accept(_ m: Match) -> [Range<Int>] {
            let domain = Array(t[m.domain])
            let encodedLength: Int?
            if domain.allSatisfy({ $0 < 0x80 }) {
                encodedLength = IDNA.encodedLength(domain)  // no more than a scan
            } else if let known = encodedLengths[domain] {
                encodedLength = known
            } else {
                encodedLength = IDNA.encodedLength(domain)
                encodedLengths[domain] = encodedLength
            }
            guard let encoded = encodedLength else { return [] }
            let protocolLength = m.protocolLength > 0 ? m.protocolLength : 8  // "https://" when absent
            guard protocolLength + (m.end - m.start) + encoded - domain.count <= 4096 else { return [] }
            if m.protocolLength == 0 {
                if let b = m.before, b == 0x2D || b == 0x5F || b == 0x2E || b == 0x2F { return [] }
                var urls = Self.asciiDomains(in: domain).map { $0.lowerBound + m.domain.lowerBound ..< $0.upperBound + m.domain.lowerBound }
                // The last gets the path and query: twitter-text puts them after the ASCII
                // domain in place of the whole domain (`url.replace(domain, ascii)`), and
                // parseTweet skips that string's length from where the ASCII domain starts.
                if m.hasPath, let last = urls.last {
                    urls[urls.count - 1] = last.lowerBound ..< last.upperBound + (m.end - m.domain.upperBound)
                }
                return urls
            }
            // t.co: no path characters after the slug, and a slug of at most 40.
            var end = m.end
            if hasLiteral("t.co/", at: m.start + m.protocolLength) {
                var k = m.start + m.protocolLength + 5
                let slugStart = k
                while k < m.end && tcoSlugChar.contains(t[k]) { k += 1 }
                if k > slugStart {
                    if k - slugStart > 40 { return [] }
                    end = k
                    if at(k) == 0x3F, k < m.end, let last = query(from: k + 1, limit: m.end) { end = last }
                }
            }
            return [m.start ..< end]
        }

        /// `validAsciiDomain` found repeatedly in the domain alone:
        /// `([-a-z0-9À…]+\.)+` then a TLD. As in `domain(at:)`, the regex
        /// takes every label it can and gives them back until a TLD follows,
        /// so the answer after a `.` is the next one's, or else a TLD there;
        /// each is worked out once.
        static func asciiDomains(in d: [UInt32]) -> [Range<Int>] {
            let m = d.count
            let sub = Scanner(d)
            /// `runEnd[i]`: the first position at or after `i` that is not an ASCII domain character.
            var runEnd = Array(repeating: m, count: m + 1)
            var i = m - 1
            while i >= 0 {
                runEnd[i] = asciiDomainChar.contains(d[i]) ? runEnd[i + 1] : i
                i -= 1
            }
            /// The position after the `.` that ends a label at `i`, if one does.
            func afterLabel(_ i: Int) -> Int? {
                let k = runEnd[i]
                return k > i && k < m && d[k] == 0x2E ? k + 1 : nil
            }
            /// By position after a `.`: `unknown`, `none`, or the end of the last TLD its labels reach.
            var ends = Array(repeating: unknown, count: m + 1)
            func end(after start: Int) -> Int? {
                if ends[start] == unknown {
                    var chain: [Int] = []
                    var s = start
                    var tail: Int32 = none
                    while true {
                        chain.append(s)
                        guard let next = afterLabel(s) else { break }
                        if ends[next] != unknown { tail = ends[next]; break }
                        s = next
                    }
                    for s in chain.reversed() {
                        if tail == none, let end = sub.tld(at: s, limit: m) { tail = Int32(end) }
                        ends[s] = tail
                    }
                }
                return ends[start] == none ? nil : Int(ends[start])
            }
            var out: [Range<Int>] = []
            var p = 0
            while p < m {
                if let start = afterLabel(p), let e = end(after: start) {
                    out.append(p ..< e)
                    p = e
                } else {
                    p += 1
                }
            }
            return out
        }
    }
}

extension TwitterURLs {
    /// Foundation on Linux leaves a Hangul LV syllable and a following trailing
    /// jamo apart where NFC composes them (see `LengthCounting.nfcWeight`).
    static func composeHangulLVT(_ scalars: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(scalars.count)
        for c in scalars {
            if (0x11A8...0x11C2).contains(c), let last = out.last, (0xAC00...0xD7A3).contains(last), (last - 0xAC00) % 28 == 0 {
                out[out.count - 1] = last + (c - 0x11A7)
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// The URLs of the text run `p[range]` as byte ranges of it, each widened
    /// to whole grapheme clusters (the insert cut's estimate weighs them by
    /// their clusters).
    static func spans(in range: Range<Int>, of p: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard mayHoldURL(range, in: p) else { return [] }
        let run = normalized(range, in: p)
        /// The cluster holding code point `i`.
        func cluster(holding i: Int) -> Int {
            var lo = 0, hi = run.clusters.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if run.clusters[mid].end <= i { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return find(in: run.scalars).map { url in
            run.clusters[cluster(holding: url.lowerBound)].bytes.lowerBound ..< run.clusters[cluster(holding: url.upperBound - 1)].bytes.upperBound
        }
    }

    /// The NFC code points of the text run `p[range]`, with each cluster's
    /// bytes and the count of code points up to its end. NFC never joins
    /// across a cluster boundary, so the run is normalized cluster by cluster,
    /// in batches (`LengthCounting.nfcScalars(of:)`): one Foundation call over
    /// a whole run composes in place, moving the rest of it at each
    /// composition (a URL and 120,000 e + U+0301 took 0.7 s to count).
    static func normalized(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> (scalars: [UInt32], clusters: [(bytes: Range<Int>, end: Int)]) {
        var clusters: [(bytes: Range<Int>, simple: Bool)] = []
        GraphemeSegmentation.forEachCluster(in: range, of: p) { cluster, simple in
            clusters.append((cluster, simple))
            return true
        }
        var normalized = LengthCounting.nfcScalars(of: clusters.filter { !$0.simple }.map(\.bytes), in: p).makeIterator()
        var scalars: [UInt32] = []
        scalars.reserveCapacity(range.count)
        var ends: [(bytes: Range<Int>, end: Int)] = []
        ends.reserveCapacity(clusters.count)
        for cluster in clusters {
            // Simple scalars (ASCII, CJK, kana, Hangul syllables…) are unchanged by NFC and compose with nothing.
            if cluster.simple {
                scalars.append(UTF8Bytes.scalar(at: cluster.bytes.lowerBound, in: p))
            } else {
                scalars += composeHangulLVT(normalized.next()!)
            }
            ends.append((cluster.bytes, scalars.count))
        }
        return (scalars, ends)
    }

    /// A character no part of a URL holds and that ends every look of the
    /// rule ahead: before it, the URLs are what they would be were the text
    /// to end there, and after it what they would be were the text to begin
    /// there. Derived from the rule's own classes, it comes to whitespace
    /// (tab, line feed, VT, FF, NEL, space, U+00A0, U+3000) and `\\ ^ { }`;
    /// nothing joins it or composes with it (`<` and `>` would: ≮ ≯).
    static func isStop(_ c: UInt32) -> Bool {
        GraphemeSegmentation.isSimple(c) && preceding.contains(c) && tldFollower.contains(c)
            && !domainChar.contains(c) && !pathGeneral.contains(c) && !queryChar.contains(c) && !asciiDomainChar.contains(c)
            && !punycodeChar.contains(c) && !tcoSlugChar.contains(c)
            && ![0x28, 0x29, 0x2D, 0x2E, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x5F, 0x3002, 0xFF0E, 0xFF61].contains(c)
    }

}

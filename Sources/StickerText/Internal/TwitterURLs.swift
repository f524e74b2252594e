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

    static let tlds: Set<[UInt32]> = Set(TwitterTextTables.tlds.split(separator: "|").map { $0.unicodeScalars.map(\.value) })
    /// `tlds` by first character, each list longest first (`tld(at:limit:)` wants the longest that fits).
    static let tldsByFirst: [UInt32: [[UInt32]]] = Dictionary(grouping: tlds, by: { $0[0] }).mapValues { $0.sorted { $0.count > $1.count } }

    // MARK: - The extractor

    /// The URLs in `t` (NFC text) as code point ranges, in order.
    static func find(in t: [UInt32]) -> [Range<Int>] {
        guard t.contains(0x2E) else { return [] }
        var scanner = Scanner(t)
        return scanner.run()
    }

    struct Scanner {
        let t: [UInt32]
        let n: Int
        /// `labelEnd[i]`: the first position at or after `i` that is not a domain character, `-` or `_`.
        var labelEnd: [Int]
        /// `underscoreAfter[i]`: the first `_` at or after `i` (or `n`).
        var underscoreAfter: [Int]

        init(_ t: [UInt32]) {
            self.t = t
            n = t.count
            labelEnd = Array(repeating: t.count, count: t.count + 1)
            underscoreAfter = Array(repeating: t.count, count: t.count + 1)
            var i = t.count - 1
            while i >= 0 {
                let c = t[i]
                labelEnd[i] = (c == 0x2D || c == 0x5F || domainChar.contains(c)) ? labelEnd[i + 1] : i
                underscoreAfter[i] = c == 0x5F ? i : underscoreAfter[i + 1]
                i -= 1
            }
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
        func match(urlAt u: Int, before: UInt32?) -> Match? {
            // The protocols in the regex's order: https://, http://, none. Tried
            // at nearly every position of a text (any character but a letter or
            // digit may precede a URL), so no array is made for them.
            if hasLiteral("https://", at: u), let m = match(urlAt: u, protocolLength: 8, before: before) { return m }
            if hasLiteral("http://", at: u), let m = match(urlAt: u, protocolLength: 7, before: before) { return m }
            return match(urlAt: u, protocolLength: 0, before: before)
        }

        private func match(urlAt u: Int, protocolLength length: Int, before: UInt32?) -> Match? {
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

        /// `validSubdomain* validDomainName (gTLD | ccTLD | punycode)`: the most subdomains that still leave a TLD.
        func domain(at i: Int) -> Int? {
            // No label at `i` (the usual case): none of a domain name either, which is stricter.
            guard i < n, label(at: i, name: false) != nil else { return nil }
            var starts = [i]
            while let e = label(at: starts[starts.count - 1], name: false) { starts.append(e + 1) }
            for s in stride(from: starts.count - 1, through: 0, by: -1) {
                if let e = label(at: starts[s], name: true), let end = tld(at: e + 1, limit: n) { return end }
            }
            return nil
        }

        /// The longest TLD at `i` followed by a character that may follow one (or the end at `limit`), else `xn--…`.
        func tld(at i: Int, limit: Int) -> Int? {
            guard i < limit else { return nil }
            let first = fold(t[i])
            let candidates = tldsByFirst[first]
            guard candidates != nil || first == 0x78 else { return nil }
            // The TLDs with this first letter, longest first: the first that
            // the text spells (folded) and that a follower (or `limit`) ends.
            for tld in candidates ?? [] where i + tld.count <= limit {
                var k = 1
                while k < tld.count && fold(t[i + k]) == tld[k] { k += 1 }
                let end = i + tld.count
                if k == tld.count && (end == limit || tldFollower.contains(t[end])) { return end }
            }
            if limit - i >= 5 && first == 0x78 && fold(t[i + 1]) == 0x6E && fold(t[i + 2]) == 0x2D && fold(t[i + 3]) == 0x2D
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
        func query(from i: Int) -> Int? {
            var j = i
            var last: Int?
            while j < n && queryChar.contains(t[j]) {
                j += 1
                if queryEnding.contains(t[j - 1]) { last = j }
            }
            return last
        }

        /// The checks after the regex: IDNA, the URL length, what may precede a
        /// URL without a protocol and its ASCII-only domains, t.co slugs.
        func accept(_ m: Match) -> [Range<Int>] {
            let domain = Array(t[m.domain])
            guard let encoded = IDNA.encodedLength(domain) else { return [] }
            let protocolLength = m.protocolLength > 0 ? m.protocolLength : 8  // "https://" when absent
            guard protocolLength + (m.end - m.start) + encoded - domain.count <= 4096 else { return [] }
            if m.protocolLength == 0 {
                if let b = m.before, b == 0x2D || b == 0x5F || b == 0x2E || b == 0x2F { return [] }
                var urls = asciiDomains(in: domain).map { $0.lowerBound + m.domain.lowerBound ..< $0.upperBound + m.domain.lowerBound }
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
                    if at(k) == 0x3F, k < m.end {
                        var j = k + 1
                        var last: Int?
                        while j < m.end && queryChar.contains(t[j]) {
                            j += 1
                            if queryEnding.contains(t[j - 1]) { last = j }
                        }
                        if let last { end = last }
                    }
                }
            }
            return [m.start ..< end]
        }

        /// `validAsciiDomain` found repeatedly in the domain alone: `([-a-z0-9À…]+\.)+` then a TLD.
        func asciiDomains(in d: [UInt32]) -> [Range<Int>] {
            let sub = Scanner(d)
            var out: [Range<Int>] = []
            var pos = 0
            search: while pos < d.count {
                for p in pos ..< d.count {
                    var starts: [Int] = []
                    var j = p
                    while true {
                        var k = j
                        while k < d.count && asciiDomainChar.contains(d[k]) { k += 1 }
                        guard k > j, k < d.count, d[k] == 0x2E else { break }
                        j = k + 1
                        starts.append(j)
                    }
                    for s in stride(from: starts.count - 1, through: 0, by: -1) {
                        if let end = sub.tld(at: starts[s], limit: d.count) {
                            out.append(p ..< end)
                            pos = end
                            continue search
                        }
                    }
                }
                break
            }
            return out
        }
    }
}

/// IDNA 2003 ToASCII as Python's `idna` codec runs it (AllowUnassigned, no
/// STD3 rules): whether a domain is valid, and its length once encoded.
enum IDNA {
    static let removed = Set(TwitterTextTables.nameprepRemoved)
    static let mapped: [UInt32: [UInt32]] = {
        var map: [UInt32: [UInt32]] = [:]
        var k = 0
        let table = TwitterTextTables.nameprepMapped
        while k < table.count {
            let count = Int(table[k + 1])
            map[table[k]] = Array(table[k + 2 ..< k + 2 + count])
            k += 2 + count
        }
        return map
    }()
    static let prohibited = TwitterURLs.CodePointSet(TwitterTextTables.prohibited)
    static let randAL = TwitterURLs.CodePointSet(TwitterTextTables.randAL)
    static let lCat = TwitterURLs.CodePointSet(TwitterTextTables.lCat)

    /// The length of the ASCII form of `domain`, or nil where ToASCII fails.
    static func encodedLength(_ domain: [UInt32]) -> Int? {
        if domain.isEmpty { return 0 }
        if domain.allSatisfy({ $0 < 0x80 }) {
            let labels = domain.split(separator: 0x2E, omittingEmptySubsequences: false)
            for label in labels.dropLast() where label.isEmpty || label.count >= 64 { return nil }
            return labels.last!.count >= 64 ? nil : domain.count
        }
        var labels = domain.split(omittingEmptySubsequences: false) { $0 == 0x2E || $0 == 0x3002 || $0 == 0xFF0E || $0 == 0xFF61 }
        var total = 0
        if labels.last?.isEmpty == true {
            labels.removeLast()
            total += 1
        }
        for (k, label) in labels.enumerated() {
            guard let length = toASCII(Array(label)) else { return nil }
            total += length + (k > 0 ? 1 : 0)
        }
        return total
    }

    static func toASCII(_ label: [UInt32]) -> Int? {
        if label.allSatisfy({ $0 < 0x80 }) { return label.count > 0 && label.count < 64 ? label.count : nil }
        guard let prepped = nameprep(label) else { return nil }
        if prepped.allSatisfy({ $0 < 0x80 }) { return prepped.count > 0 && prepped.count < 64 ? prepped.count : nil }
        if prepped.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) { return nil }
        let length = 4 + Punycode.encodedLength(prepped)
        return length < 64 ? length : nil
    }

    static func nameprep(_ label: [UInt32]) -> [UInt32]? {
        var out = String.UnicodeScalarView()
        for c in label where !removed.contains(c) {
            if let m = mapped[c] {
                out.append(contentsOf: m.compactMap(Unicode.Scalar.init))
            } else if let s = Unicode.Scalar(c) {
                out.append(contentsOf: s.properties.lowercaseMapping.unicodeScalars)
            }
        }
        let normalized = TwitterURLs.composeHangulLVT(String(out).precomposedStringWithCompatibilityMapping.unicodeScalars.map(\.value))
        if normalized.contains(where: prohibited.contains) { return nil }
        if normalized.contains(where: randAL.contains) {
            if normalized.contains(where: lCat.contains) { return nil }
            if !randAL.contains(normalized.first!) || !randAL.contains(normalized.last!) { return nil }
        }
        return normalized
    }
}

/// RFC 3492, the encoder's output length.
enum Punycode {
    static func encodedLength(_ input: [UInt32]) -> Int {
        let base = 36, tmin = 1, tmax = 26
        var output = input.filter { $0 < 0x80 }.count
        let b = output
        if b > 0 { output += 1 }
        var h = b
        var n: UInt32 = 128, delta = 0, bias = 72
        func adapt(_ d: Int, _ points: Int, _ first: Bool) -> Int {
            var d = first ? d / 700 : d / 2
            d += d / points
            var k = 0
            while d > ((base - tmin) * tmax) / 2 {
                d /= base - tmin
                k += base
            }
            return k + (base - tmin + 1) * d / (d + 38)
        }
        while h < input.count {
            let m = input.filter { $0 >= n }.min()!
            delta += Int(m - n) * (h + 1)
            n = m
            for c in input {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias
                        if q < t { break }
                        output += 1
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output += 1
                    bias = adapt(delta, h + 1, h == b)
                    delta = 0
                    h += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
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

    /// The NFC code points of `p[range]` (ASCII as it is).
    static func nfcScalars(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        // Simple scalars (ASCII, CJK, kana, Hangul syllables…) are unchanged by NFC and compose with nothing.
        var scalars: [UInt32] = []
        scalars.reserveCapacity(range.count)
        var i = range.lowerBound
        var simple = true
        while i < range.upperBound {
            let c = UTF8Bytes.scalar(at: i, in: p)
            simple = simple && GraphemeSegmentation.isSimple(c)
            scalars.append(c)
            i += UTF8Bytes.sequenceLength(p[i])
        }
        if simple { return scalars }
        let s = String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        return composeHangulLVT(s.precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value))
    }
}

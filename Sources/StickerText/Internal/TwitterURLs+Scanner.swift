extension TwitterURLs {
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

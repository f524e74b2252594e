@testable import StickerText

/// The URL scanner as it was before it was made linear (issue 25): it walks
/// every remaining label from every candidate position, so it is quadratic,
/// but it is the regex's rule written out most plainly. Kept, test-only, as
/// the oracle the linear scanner must agree with on every input.
enum ReferenceURLScanner {
    typealias CodePointSet = TwitterURLs.CodePointSet
    static var preceding: CodePointSet { TwitterURLs.preceding }
    static var domainChar: CodePointSet { TwitterURLs.domainChar }
    static var pathGeneral: CodePointSet { TwitterURLs.pathGeneral }
    static var pathEnding: CodePointSet { TwitterURLs.pathEnding }
    static var queryChar: CodePointSet { TwitterURLs.queryChar }
    static var queryEnding: CodePointSet { TwitterURLs.queryEnding }
    static var tldFollower: CodePointSet { TwitterURLs.tldFollower }
    static var asciiDomainChar: CodePointSet { TwitterURLs.asciiDomainChar }
    static var punycodeChar: CodePointSet { TwitterURLs.punycodeChar }
    static var tcoSlugChar: CodePointSet { TwitterURLs.tcoSlugChar }
    static func fold(_ c: UInt32) -> UInt32 { TwitterURLs.fold(c) }
    static let tldsByFirst: [UInt32: [[UInt32]]] = Dictionary(
        grouping: Set(TwitterTextTables.tlds.split(separator: "|").map { $0.unicodeScalars.map(\.value) }),
        by: { $0[0] }
    ).mapValues { $0.sorted { $0.count > $1.count } }

    /// The URLs in `t` (NFC text) as code point ranges, in order.
    static func find(in t: [UInt32], afterCode: Bool = false) -> [Range<Int>] {
        guard t.contains(0x2E) else { return [] }
        var scanner = Scanner(t)
        scanner.afterCode = afterCode
        return scanner.run()
    }

    struct Scanner {
        let t: [UInt32]
        let n: Int
        /// `labelEnd[i]`: the first position at or after `i` that is not a domain character, `-` or `_`.
        var labelEnd: [Int]
        /// `underscoreAfter[i]`: the first `_` at or after `i` (or `n`).
        var underscoreAfter: [Int]
        /// Whether a sticker code's `]` comes before `t`.
        var afterCode = false

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
            for k in 0..<count where fold(t[i + k]) != UInt32(literal.utf8Start[k]) { return false }
            return true
        }

        mutating func run() -> [Range<Int>] {
            var urls: [Range<Int>] = []
            var pos = 0
            while pos < n {
                var found: Match?
                var p = pos
                while p < n {
                    if p == 0 && afterCode, let m = match(urlAt: 0, before: 0x5D) {
                        found = m
                        break
                    }
                    if preceding.contains(t[p]), let m = match(urlAt: p + 1, before: t[p]) {
                        found = m
                        break
                    }
                    if p == 0 && !afterCode, let m = match(urlAt: 0, before: nil) {
                        found = m
                        break
                    }
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
            return Match(
                before: before, start: u, protocolLength: length, domain: u + length..<domainEnd,
                hasPath: hasPath, end: i)
        }

        /// A subdomain label (`_` allowed) or, with `name`, a domain name label, ending at a `.`: its end.
        func label(at i: Int, name: Bool) -> Int? {
            let e = labelEnd[i]
            guard e > i, e < n, t[e] == 0x2E, domainChar.contains(t[i]), domainChar.contains(t[e - 1]) else {
                return nil
            }
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
            if limit - i >= 5 && first == 0x78 && fold(t[i + 1]) == 0x6E && fold(t[i + 2]) == 0x2D
                && fold(t[i + 3]) == 0x2D
                && punycodeChar.contains(t[i + 4])
            {
                var end = i + 5
                while end < limit && punycodeChar.contains(t[end]) { end += 1 }
                return end
            }
            return nil
        }

        // The path, its parentheses and the query are read once per match, as they always were: the linear scanner's own.
        func path(from i: Int) -> Int { TwitterURLs.Scanner(t).path(from: i) }
        func query(from i: Int) -> Int? { TwitterURLs.Scanner(t).query(from: i) }

        /// The checks after the regex: IDNA, the URL length, what may precede a
        /// URL without a protocol and its ASCII-only domains, t.co slugs.
        func accept(_ m: Match) -> [Range<Int>] {
            let domain = Array(t[m.domain])
            guard IDNA.isValid(domain[...]) else { return [] }
            let protocolLength = m.protocolLength > 0 ? m.protocolLength : 8  // "https://" when absent
            let utf16 = t[m.start..<m.end].reduce(0) { $0 + ($1 > 0xFFFF ? 2 : 1) }
            guard protocolLength + utf16 <= 4096 else { return [] }
            if m.protocolLength == 0 {
                if let b = m.before, b == 0x2D || b == 0x5F || b == 0x2E || b == 0x2F { return [] }
                var urls = asciiDomains(in: domain).map {
                    $0.lowerBound + m.domain.lowerBound..<$0.upperBound + m.domain.lowerBound
                }
                // The last gets the path and query: twitter-text puts them after the ASCII
                // domain in place of the whole domain (`url.replace(domain, ascii)`), and
                // parseTweet skips that string's length from where the ASCII domain starts.
                if m.hasPath, let last = urls.last {
                    urls[urls.count - 1] = last.lowerBound..<last.upperBound + (m.end - m.domain.upperBound)
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
            return [m.start..<end]
        }

        /// `validAsciiDomain` found repeatedly in the domain alone: `([-a-z0-9À…]+\.)+` then a TLD.
        func asciiDomains(in d: [UInt32]) -> [Range<Int>] {
            let sub = Scanner(d)
            var out: [Range<Int>] = []
            var pos = 0
            search: while pos < d.count {
                for p in pos..<d.count {
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
                            out.append(p..<end)
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

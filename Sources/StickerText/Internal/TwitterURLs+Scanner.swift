extension TwitterURLs {
    /// The regex's matches, found in time linear in the text. The regex tries
    /// a match at nearly every position, and each try walks a chain of domain
    /// labels to its end: the chain from one label start is that label plus
    /// the chain from the next, so each label start's answer is worked out
    /// once and kept (`domainEnds`), as is each position's TLD (`tldEnds`).
    /// A match, once found, moves the scan past its end, so the path, port
    /// and query of each are read once.
    struct Scanner {
        let scalars: [UInt32]
        let textLength: Int
        /// Whether the text follows a sticker code: twitter-text reads the code's `]` before it, so its
        /// first character is no text's start (`ñandu.com` alone holds `andu.com`, after `[ok]` all of it).
        let afterCode: Bool
        /// `labelEnd[position]`: the first position at or after `position` that is not a domain character, `-` or `_`.
        private var labelEnd: [Int]
        /// `underscoreAfter[position]`: the first `_` at or after `position` (or `textLength`).
        private var underscoreAfter: [Int]
        /// Answers already worked out, by position: `unknown`, `none`, or an end.
        private var domainEnds: [Int32]
        private var tldEnds: [Int32]
        /// The label starts `domain(at:)` is working out.
        private var chain: [Int]
        /// Whether each non-ASCII domain met so far is valid (`IDNA.isValid`):
        /// Punycode costs a few microseconds a domain, and a text of one
        /// short IDN repeated (`é.com ` × 10,000) cost several times mixed
        /// text per byte, most of it encoding `é` again. Kept in the
        /// workspace, so a count's windows share it (the same domain in
        /// window after window), and started over past `validDomainsKept`
        /// domains: a text of many different ones, a window each, would
        /// otherwise hold every one (an array and a dictionary entry each) to
        /// the count's end.
        private var validDomains: [[UInt32]: Bool]
        static let validDomainsKept = 1024
        private static let unknown: Int32 = -2
        private static let none: Int32 = -1

        /// A scanner of `scalars` whose tables take the memory of `workspace`'s
        /// (given back by `giveBack(to:)`).
        init(_ scalars: [UInt32], afterCode: Bool = false, reusing workspace: inout Workspace) {
            self.scalars = scalars
            self.afterCode = afterCode
            textLength = scalars.count
            let slots = scalars.count + 1
            // The tables are filled in locals (a stored property written in a loop is checked for
            // uniqueness at every write); each may be longer than `slots`, and only `0..<slots` is read.
            var labelEnd = Workspace.take(&workspace.labelEnd, filledWith: scalars.count, count: slots)
            var underscoreAfter = Workspace.take(&workspace.underscoreAfter, filledWith: scalars.count, count: slots)
            domainEnds = Workspace.take(&workspace.domainEnds, filledWith: Self.unknown, count: slots)
            tldEnds = Workspace.take(&workspace.tldEnds, filledWith: Self.unknown, count: slots)
            chain = Workspace.take(&workspace.chain, filledWith: 0, count: 0)
            validDomains = [:]
            swap(&validDomains, &workspace.validDomains)
            if validDomains.count > Self.validDomainsKept { validDomains.removeAll(keepingCapacity: true) }
            // The set read once, not through its global's accessor (a `swift_once` call) at every position.
            let domainChar = TwitterURLs.domainChar
            labelEnd.withUnsafeMutableBufferPointer { labelEnd in
                underscoreAfter.withUnsafeMutableBufferPointer { underscoreAfter in
                    var position = scalars.count - 1
                    while position >= 0 {
                        let c = scalars[position]
                        labelEnd[position] =
                            (c == 0x2D || c == 0x5F || domainChar.contains(c)) ? labelEnd[position + 1] : position
                        underscoreAfter[position] = c == 0x5F ? position : underscoreAfter[position + 1]
                        position -= 1
                    }
                }
            }
            self.labelEnd = labelEnd
            self.underscoreAfter = underscoreAfter
        }

        init(_ scalars: [UInt32]) {
            var workspace = Workspace()
            self.init(scalars, reusing: &workspace)
        }

        /// Hands the tables' memory back to `workspace`, for the next scanner.
        mutating func giveBack(to workspace: inout Workspace) {
            swap(&labelEnd, &workspace.labelEnd)
            swap(&underscoreAfter, &workspace.underscoreAfter)
            swap(&domainEnds, &workspace.domainEnds)
            swap(&tldEnds, &workspace.tldEnds)
            swap(&chain, &workspace.chain)
            swap(&validDomains, &workspace.validDomains)
        }

        @inline(__always) func at(_ position: Int) -> UInt32? { position < textLength ? scalars[position] : nil }

        /// Whether `scalars[position...]` begins with `literal` (lowercase ASCII) under IGNORECASE.
        func hasLiteral(_ literal: StaticString, at position: Int) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard position + count <= textLength else { return false }
            for k in 0..<count where fold(scalars[position + k]) != UInt32(literal.utf8Start[k]) { return false }
            return true
        }

        mutating func run() -> [Range<Int>] {
            var urls: [Range<Int>] = []
            var pos = 0
            let preceding = TwitterURLs.preceding
            while pos < textLength {
                var found: Match?
                var p = pos
                while p < textLength {
                    // After a code the regex tries its `]` first, a character that may precede a URL.
                    if p == 0 && afterCode, let candidate = match(urlAt: 0, before: 0x5D) {
                        found = candidate
                        break
                    }
                    if preceding.contains(scalars[p]), let candidate = match(urlAt: p + 1, before: scalars[p]) {
                        found = candidate
                        break
                    }
                    if p == 0 && !afterCode, let candidate = match(urlAt: 0, before: nil) {
                        found = candidate
                        break
                    }
                    p += 1
                }
                guard let candidate = found else { break }
                accept(candidate, into: &urls)
                pos = candidate.end
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

        /// The regex's first match of the URL part at `urlStart` (protocol, domain, port, path, query).
        mutating func match(urlAt urlStart: Int, before: UInt32?) -> Match? {
            // The protocols in the regex's order: https://, http://, none. Tried
            // at nearly every position of a text (any character but a letter or
            // digit may precede a URL), so no array is made for them.
            if hasLiteral("https://", at: urlStart),
                let candidate = match(urlAt: urlStart, protocolLength: 8, before: before)
            {
                return candidate
            }
            if hasLiteral("http://", at: urlStart),
                let candidate = match(urlAt: urlStart, protocolLength: 7, before: before)
            {
                return candidate
            }
            return match(urlAt: urlStart, protocolLength: 0, before: before)
        }

        private mutating func match(urlAt urlStart: Int, protocolLength length: Int, before: UInt32?) -> Match? {
            guard let domainEnd = domain(at: urlStart + length) else { return nil }
            var position = domainEnd
            if at(position) == 0x3A, let d = at(position + 1), d >= 0x30 && d <= 0x39 {  // :port
                position += 1
                while let d = at(position), d >= 0x30 && d <= 0x39 { position += 1 }
            }
            var hasPath = false
            if at(position) == 0x2F {
                hasPath = true
                position = path(from: position + 1)
            }
            if at(position) == 0x3F, let end = query(from: position + 1) { position = end }
            return Match(
                before: before, start: urlStart, protocolLength: length, domain: urlStart + length..<domainEnd,
                hasPath: hasPath, end: position)
        }

        /// A subdomain label (`_` allowed) or, with `name`, a domain name label, ending at a `.`: its end.
        func label(at position: Int, name: Bool) -> Int? {
            let e = labelEnd[position]
            // Every scalar of `position..<e` is a domain character, `-` or `_` (`labelEnd`), and neither
            // of those two is a domain character: so the first and last are domain characters unless they
            // are one of them, and the set is not searched (a text of labels that never reach a TLD
            // searched it twice at every position).
            @inline(__always) func isDomainChar(_ c: UInt32) -> Bool { c != 0x2D && c != 0x5F }
            guard e > position, e < textLength, scalars[e] == 0x2E, isDomainChar(scalars[position]),
                isDomainChar(scalars[e - 1])
            else { return nil }
            if name && underscoreAfter[position] < e { return nil }
            return e
        }

        /// `validSubdomain* validDomainName (gTLD | ccTLD | punycode)`: the
        /// most subdomains that still leave a TLD. The regex takes as many
        /// labels as there are, then gives them back one by one until a
        /// domain name label and a TLD follow: so the answer at a label start
        /// is the next label start's answer, or else this label as the name.
        mutating func domain(at position: Int) -> Int? {
            // No label at `position` (the usual case): none of a domain name either, which is stricter.
            guard position < textLength, label(at: position, name: false) != nil else { return nil }
            if domainEnds[position] == Self.unknown {
                // The chain of label starts not worked out yet, then each from the last.
                chain.removeAll(keepingCapacity: true)
                var s = position
                var tail: Int32 = Self.none
                while true {
                    chain.append(s)
                    let next = labelEnd[s] + 1
                    guard next < textLength, label(at: next, name: false) != nil else { break }
                    if domainEnds[next] != Self.unknown {
                        tail = domainEnds[next]
                        break
                    }
                    s = next
                }
                for s in chain.reversed() {
                    if tail == Self.none, let e = label(at: s, name: true), let end = tld(at: e + 1) {
                        tail = Int32(end)
                    }
                    domainEnds[s] = tail
                }
            }
            return domainEnds[position] == Self.none ? nil : Int(domainEnds[position])
        }

        /// The longest TLD at `position` followed by a character that may follow one
        /// (or the text's end), else `xn--…`; worked out once per position.
        mutating func tld(at position: Int) -> Int? {
            guard position < textLength else { return nil }
            if tldEnds[position] == Self.unknown {
                tldEnds[position] = tld(at: position, limit: textLength).map(Int32.init) ?? Self.none
            }
            return tldEnds[position] == Self.none ? nil : Int(tldEnds[position])
        }

        /// The longest TLD at `position` followed by a character that may follow one (or the end at `limit`), else `xn--…`.
        func tld(at position: Int, limit: Int) -> Int? { TwitterURLs.tld(at: position, in: scalars, limit: limit) }

        /// `validUrlPath*` after a `/`. In the regex, `validUrlPathEndingChars` is
        /// inserted without a group, so its `|` splits the path into three
        /// alternatives: path characters and balanced parentheses ending with a
        /// character that may end a path; balanced parentheses alone; `@…/`
        /// (never the first that matches). Repeated, that reaches the last path
        /// character that may end a path, then any balanced parentheses right after it.
        func path(from position: Int) -> Int {
            var j = position
            var last: Int?
            while j < textLength {
                let c = scalars[j]
                if pathGeneral.contains(c) {
                    j += 1
                    if pathEnding.contains(c) { last = j }
                } else if c == 0x28, let b = balancedParens(at: j) {
                    j = b
                } else {
                    break
                }
            }
            var end = last ?? position
            while at(end) == 0x28, let b = balancedParens(at: end) { end = b }
            return end
        }

        /// `(…)` or `(…(…)…)` of path characters.
        func balancedParens(at position: Int) -> Int? {
            var k = position + 1
            while k < textLength && pathGeneral.contains(scalars[k]) { k += 1 }
            if k > position + 1 && at(k) == 0x29 { return k + 1 }
            guard at(k) == 0x28 else { return nil }
            var k2 = k + 1
            while k2 < textLength && pathGeneral.contains(scalars[k2]) { k2 += 1 }
            guard k2 > k + 1, at(k2) == 0x29 else { return nil }
            var k3 = k2 + 1
            while k3 < textLength && pathGeneral.contains(scalars[k3]) { k3 += 1 }
            return at(k3) == 0x29 ? k3 + 1 : nil
        }

        /// Query characters after a `?`, up to the last that may end a query; nil if none may.
        func query(from position: Int, limit: Int? = nil) -> Int? {
            let limit = limit ?? textLength
            var j = position
            var last: Int?
            while j < limit && queryChar.contains(scalars[j]) {
                j += 1
                if queryEnding.contains(scalars[j - 1]) { last = j }
            }
            return last
        }

        /// The checks after the regex: IDNA, the URL length, what may precede a
        /// URL without a protocol and its ASCII-only domains, t.co slugs.
        mutating func accept(_ candidate: Match, into urls: inout [Range<Int>]) {
            let domain = scalars[candidate.domain]
            let valid: Bool
            // The domain as an array, made once where it is not ASCII: the cache's key and asciiDomains' text.
            var domainArray: [UInt32]? = nil
            if domain.allSatisfy({ $0 < 0x80 }) {
                valid = IDNA.isValid(domain)  // no more than a scan, in place
            } else {
                let key = Array(domain)
                domainArray = key
                if let known = validDomains[key] {
                    valid = known
                } else {
                    valid = IDNA.isValid(key[...])
                    validDomains[key] = valid
                }
            }
            guard valid else { return }
            // The JS build's length: the protocol ("https://" when absent) and the URL in UTF-16 units, its
            // domain as written (its ASCII form stands for it, and is the domain itself).
            let protocolLength = candidate.protocolLength > 0 ? candidate.protocolLength : 8
            var utf16 = 0
            for k in candidate.start..<candidate.end { utf16 += scalars[k] > 0xFFFF ? 2 : 1 }
            guard protocolLength + utf16 <= 4096 else { return }
            if candidate.protocolLength == 0 {
                if let b = candidate.before, b == 0x2D || b == 0x5F || b == 0x2E || b == 0x2F { return }
                let first = urls.count
                if domain.allSatisfy({ $0 == 0x2E || asciiDomainChar.contains($0) }) {
                    // Labels of ASCII-domain characters only (Latin letters with their accents among them), ending in
                    // the TLD the domain was found with: the regex takes the whole domain, so it is not run.
                    urls.append(candidate.domain)
                } else {
                    for found in Self.asciiDomains(in: domainArray ?? Array(domain)) {
                        urls.append(
                            found.lowerBound + candidate.domain.lowerBound..<found.upperBound
                                + candidate.domain.lowerBound)
                    }
                }
                // The last gets the path and query: twitter-text puts them after the ASCII
                // domain in place of the whole domain (`url.replace(domain, ascii)`), and
                // parseTweet skips that string's length from where the ASCII domain starts.
                if candidate.hasPath, urls.count > first, let last = urls.last {
                    urls[urls.count - 1] =
                        last.lowerBound..<last.upperBound + (candidate.end - candidate.domain.upperBound)
                }
                return
            }
            // t.co: no path characters after the slug, and a slug of at most 40.
            var end = candidate.end
            if hasLiteral("t.co/", at: candidate.start + candidate.protocolLength) {
                var k = candidate.start + candidate.protocolLength + 5
                let slugStart = k
                while k < candidate.end && tcoSlugChar.contains(scalars[k]) { k += 1 }
                if k > slugStart {
                    if k - slugStart > 40 { return }
                    end = k
                    if at(k) == 0x3F, k < candidate.end, let last = query(from: k + 1, limit: candidate.end) {
                        end = last
                    }
                }
            }
            urls.append(candidate.start..<end)
        }

        /// `validAsciiDomain` found repeatedly in the domain alone:
        /// `([-a-z0-9À…]+\.)+` then a TLD. As in `domain(at:)`, the regex
        /// takes every label it can and gives them back until a TLD follows,
        /// so the answer after a `.` is the next one's, or else a TLD there;
        /// each is worked out once.
        static func asciiDomains(in scalars: [UInt32]) -> [Range<Int>] {
            let textLength = scalars.count
            // The two tables in memory of the call's own (on the stack when small): an array made here looked
            // its element type up at run time, and that was a fifth of the work of a short IDN's window.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: textLength + 1) { runEnd in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: textLength + 1) { ends in
                    asciiDomains(in: scalars, runEnd: runEnd, ends: ends)
                }
            }
        }

        /// `asciiDomains(in:)` with its tables in `runEnd` and `ends`, each `scalars.count + 1` long.
        private static func asciiDomains(
            in scalars: [UInt32], runEnd: UnsafeMutableBufferPointer<Int>, ends: UnsafeMutableBufferPointer<Int32>
        ) -> [Range<Int>] {
            let textLength = scalars.count
            /// `runEnd[position]`: the first position at or after `position` that is not an ASCII domain character.
            runEnd[textLength] = textLength
            var position = textLength - 1
            while position >= 0 {
                runEnd[position] = asciiDomainChar.contains(scalars[position]) ? runEnd[position + 1] : position
                position -= 1
            }
            /// The position after the `.` that ends a label at `position`, if one does.
            func afterLabel(_ position: Int) -> Int? {
                let k = runEnd[position]
                return k > position && k < textLength && scalars[k] == 0x2E ? k + 1 : nil
            }
            /// By position after a `.`: `unknown`, `none`, or the end of the last TLD its labels reach.
            ends.initialize(repeating: unknown)
            func end(after start: Int) -> Int? {
                if ends[start] == unknown {
                    var chain: [Int] = []
                    var s = start
                    var tail: Int32 = none
                    while true {
                        chain.append(s)
                        guard let next = afterLabel(s) else { break }
                        if ends[next] != unknown {
                            tail = ends[next]
                            break
                        }
                        s = next
                    }
                    for s in chain.reversed() {
                        if tail == none, let end = TwitterURLs.tld(at: s, in: scalars, limit: textLength) {
                            tail = Int32(end)
                        }
                        ends[s] = tail
                    }
                }
                return ends[start] == none ? nil : Int(ends[start])
            }
            var out: [Range<Int>] = []
            var p = 0
            while p < textLength {
                if let start = afterLabel(p), let e = end(after: start) {
                    out.append(p..<e)
                    p = e
                } else {
                    p += 1
                }
            }
            return out
        }
    }
}

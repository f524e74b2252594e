/// The check twitter-text's official JS build (3.1.0) makes of each domain
/// its URL rule finds (`idna.toAscii` in its lib/idna.js, and the punycode package
/// 1.4.1's `toASCII`, which it pins). Not IDNA 2003's ToASCII, which PyPI's
/// port runs (Python's `idna` codec): no nameprep, no case mapping, and the
/// ideographic full stops do not end a label. The domain is split at `.`
/// only; each label's ASCII form keeps its parts (split at `.` `。` `．`
/// `｡`) in printable ASCII as they are and writes the others `xn--` and
/// their Punycode, an empty part allowed, and must have 1 to 63 characters.
/// So `好。example.com` and `http://．.co` hold URLs (the port: none).
enum IDNA {
    /// Whether twitter-text's JS build takes `domain`: one beginning `xn--`
    /// must hold an ASCII domain somewhere (`validAsciiDomain`, not
    /// anchored: `xn--ą.com` passes, its `ą` a Latin letter), and each
    /// label's ASCII form must have 1 to 63 characters. Linear in the domain.
    static func isValid(_ domain: ArraySlice<UInt32>) -> Bool {
        if domain.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) && TwitterURLs.Scanner.asciiDomains(in: Array(domain)).isEmpty
        {
            return false
        }
        var start = domain.startIndex
        while true {
            var stop = start
            while stop < domain.endIndex && domain[stop] != 0x2E { stop += 1 }
            guard let length = asciiLength(ofLabel: domain[start..<stop]), length >= 1 else { return false }
            if stop == domain.endIndex { return true }
            start = stop + 1
        }
    }

    /// The length of the punycode package's `toASCII(label)`, or nil when it is over 63.
    static func asciiLength(ofLabel label: ArraySlice<UInt32>) -> Int? {
        // Each part keeps its characters, or gains `xn--` and at least one Punycode digit for each past
        // printable ASCII: never shorter than the label. A longer one is refused unread, so Punycode's
        // encoder (quadratic in a part's length) never sees more than 63 code points.
        if label.count > 63 { return nil }
        var total = 0
        var start = label.startIndex
        while true {
            var stop = start
            while stop < label.endIndex && !isFullStop(label[stop]) { stop += 1 }
            let part = label[start..<stop]
            total += part.allSatisfy { $0 >= 0x20 && $0 <= 0x7E } ? part.count : 4 + Punycode.encodedLength(part)
            if stop == label.endIndex { break }
            total += 1
            start = stop + 1
        }
        return total <= 63 ? total : nil
    }

    /// The full stops the punycode package reads as `.` (RFC 3490's separators).
    @inline(__always)
    static func isFullStop(_ c: UInt32) -> Bool { c == 0x2E || c == 0x3002 || c == 0xFF0E || c == 0xFF61 }
}

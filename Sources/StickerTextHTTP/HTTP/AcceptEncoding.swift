/// A request's `Accept-Encoding` (RFC 9110 §12.5.3), read for the one
/// question the service asks of it: may the answer be gzipped? The service
/// offers gzip or identity, and sends identity whenever gzip is not
/// acceptable, even to a client that refuses identity too (RFC 9110 allows
/// that: a server may send a representation the header does not list).
enum AcceptEncoding {
    /// Whether `header` accepts gzip: `gzip` or its alias `x-gzip` (RFC 9110
    /// §8.4.1.3) with a weight above 0, or, when neither is named, `*` with
    /// one. Codings are case-insensitive. A member whose weight is malformed
    /// accepts nothing, and a refusal of gzip anywhere in the list wins: a
    /// client that says no in any way it can be read gets identity.
    ///
    /// No header (nil) is identity: RFC 9110 lets a server send any coding
    /// then, but a client that says nothing (curl, an HTTP/1.0 script) may
    /// not decode one.
    static func allowsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Bool?  // what the members naming gzip say, if any does
        var wildcard: Bool?  // what the members `*` say
        for member in header.utf8.split(separator: UInt8(ascii: ",")) {
            guard let (coding, accepted) = read(member) else { continue }
            if equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip") {
                gzip = (gzip ?? true) && accepted
            } else if equalsIgnoringCase(coding, "*") {
                wildcard = (wildcard ?? true) && accepted
            }
        }
        return gzip ?? wildcard ?? false
    }

    /// A list member: `coding [ OWS ";" OWS "q=" qvalue ]`, with the OWS
    /// around it. Nil for an empty member (a list may have them); a coding
    /// followed by anything but one weight accepts nothing.
    private static func read(_ member: Substring.UTF8View) -> (coding: Substring.UTF8View, accepted: Bool)? {
        let parts = member.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(trimmed)
        guard let coding = parts.first, !coding.isEmpty else { return nil }
        switch parts.count {
        case 1: return (coding, true)  // no weight: 1
        case 2: return (coding, weightAboveZero(parts[1]))
        default: return (coding, false)
        }
    }

    /// Whether `parameter` is `q=` and a qvalue (`0` or `1`, then up to three
    /// decimals, at most 1) above 0. `q=0`, `q=0.0`, `q=0.000` are 0, and
    /// anything that is not a qvalue (`q=0.5x`, `q=2`, `q=.5`, `q = 1`) is as 0.
    private static func weightAboveZero(_ parameter: Substring.UTF8View) -> Bool {
        var bytes = parameter.makeIterator()
        // Parameter names are case-insensitive (RFC 9110 §5.6.6); no spaces around `=`.
        guard let name = bytes.next(), name | 0x20 == UInt8(ascii: "q"), bytes.next() == UInt8(ascii: "=") else {
            return false
        }
        guard let whole = bytes.next(), whole == UInt8(ascii: "0") || whole == UInt8(ascii: "1") else { return false }
        var decimals = 0
        var fraction = false  // a decimal above 0
        if let point = bytes.next() {
            guard point == UInt8(ascii: ".") else { return false }
            while let digit = bytes.next() {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit), decimals < 3 else { return false }
                decimals += 1
                fraction = fraction || digit != UInt8(ascii: "0")
            }
        }
        // 1 allows only zeros after the point (1.000), 0 needs a digit above zero.
        return whole == UInt8(ascii: "1") ? !fraction : fraction
    }

    /// `part` without the optional white space (spaces and tabs) around it.
    private static func trimmed(_ part: Substring.UTF8View) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = part.firstIndex(where: { !isSpace($0) }), let last = part.lastIndex(where: { !isSpace($0) })
        else {
            return part[part.endIndex...]
        }
        return part[first...last]
    }

    /// ASCII case-insensitive equality with `lowerCase`: tokens are ASCII, and
    /// Unicode's case mappings (K, the Kelvin sign, is `k`) are no part of them.
    private static func equalsIgnoringCase(_ token: Substring.UTF8View, _ lowerCase: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowerCase.utf8Start, count: lowerCase.utf8CodeUnitCount)
        return token.count == expected.count
            && zip(token, expected).allSatisfy { byte, lower in
                let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                return folded == lower
            }
    }
}

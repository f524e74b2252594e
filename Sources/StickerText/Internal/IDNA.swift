/// IDNA 2003 ToASCII as Python's `idna` codec runs it (AllowUnassigned, no
/// STD3 rules): whether a domain is valid, and its length once encoded.
enum IDNA {
    static let removed = TwitterURLs.CodePointSet(TwitterTextTables.nameprepRemoved.flatMap { [$0, $0] })
    static let mapped: [UInt32: [UInt32]] = {
        var map: [UInt32: [UInt32]] = [:]
        var k = 0
        let table = TwitterTextTables.nameprepMapped
        while k < table.count {
            let count = Int(table[k + 1])
            map[table[k]] = Array(table[k + 2..<k + 2 + count])
            k += 2 + count
        }
        return map
    }()
    /// The code points `mapped` holds: most are not, and a set of ranges says so faster than the dictionary.
    static let mappedKeys = TwitterURLs.CodePointSet(mapped.keys.sorted().flatMap { [$0, $0] })
    static let prohibited = TwitterURLs.CodePointSet(TwitterTextTables.prohibited)
    static let randAL = TwitterURLs.CodePointSet(TwitterTextTables.randAL)
    static let lCat = TwitterURLs.CodePointSet(TwitterTextTables.lCat)

    /// The length of the ASCII form of `domain`, or nil where ToASCII fails.
    static func encodedLength(_ domain: [UInt32]) -> Int? {
        if domain.isEmpty { return 0 }
        if domain.allSatisfy({ $0 < 0x80 }) { return asciiEncodedLength(domain[...]) }
        // The labels read in place: an array for each, and one of them all, were most of a short domain's cost.
        func isDot(_ c: UInt32) -> Bool { c == 0x2E || c == 0x3002 || c == 0xFF0E || c == 0xFF61 }
        var total = 0
        var end = domain.count
        if isDot(domain[end - 1]) {  // a trailing dot is kept as one, its empty label not encoded
            end -= 1
            total += 1
        }
        var start = 0
        var first = true
        while true {
            var stop = start
            while stop < end && !isDot(domain[stop]) { stop += 1 }
            guard let length = toASCII(domain[start..<stop]) else { return nil }
            total += length + (first ? 0 : 1)
            first = false
            if stop >= end { break }
            start = stop + 1
        }
        return total
    }

    /// `encodedLength` of a domain all in ASCII: itself, when each label
    /// but the last has 1 to 63 characters and the last at most 63. Read in
    /// place, as the scanner asks it of every URL it accepts.
    static func asciiEncodedLength(_ domain: ArraySlice<UInt32>) -> Int? {
        var label = 0
        for scalar in domain {
            if scalar != 0x2E {
                label += 1
                continue
            }
            if label == 0 || label >= 64 { return nil }
            label = 0
        }
        return label >= 64 ? nil : domain.count
    }

    static func toASCII(_ label: ArraySlice<UInt32>) -> Int? {
        if label.allSatisfy({ $0 < 0x80 }) { return label.count > 0 && label.count < 64 ? label.count : nil }
        // A label nameprep keeps as it is (most IDNs, which a count meets already in NFC) is not prepared.
        if label.allSatisfy(keptByNameprep) { return encodedLength(ofPrepared: label) }
        // Nameprep maps no character to nothing but those it removes, and NFKC
        // composes at most 4 code points into one (the longest canonical
        // decomposition): 256 others make at least 64, too long to be valid.
        // Refused here, a long label is never normalized.
        if label.lazy.filter({ !removed.contains($0) }).count >= 256 { return nil }
        guard let prepped = nameprep(label) else { return nil }
        return encodedLength(ofPrepared: prepped[...])
    }

    /// ToASCII's length of a label nameprep has prepared.
    private static func encodedLength(ofPrepared prepped: ArraySlice<UInt32>) -> Int? {
        if prepped.allSatisfy({ $0 < 0x80 }) { return prepped.count > 0 && prepped.count < 64 ? prepped.count : nil }
        if prepped.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) { return nil }
        // Punycode writes each basic code point once and at least one digit
        // for every other, so its output is never shorter than its input:
        // a label this long cannot come under 64, and is not encoded (the
        // encoder is quadratic in the label's length).
        if prepped.count >= 60 { return nil }
        let length = 4 + Punycode.encodedLength(prepped)
        return length < 64 ? length : nil
    }

    /// Whether nameprep leaves `c` as it is wherever it stands in a label:
    /// not removed nor mapped, unchanged by lowercasing, neither prohibited
    /// nor right-to-left, its own NFKC form, a starter that composes with
    /// nothing before it, and so is the first code point it decomposes to
    /// (a letter written with its accent, as a count meets an IDN once the
    /// window is in NFC, decomposes and composes back to itself, and nothing
    /// around it joins in). A label of such code points is its own nameprep.
    /// Read from a table below U+3000 and for the CJK ideographs
    /// (NameprepTests checks both against `isKeptByNameprep`); the rest are
    /// prepared.
    @inline(__always)
    static func keptByNameprep(_ c: UInt32) -> Bool {
        if c < keptTableEnd { return keptTable.withUnsafeBufferPointer { $0[Int(c)] } }
        return c >= 0x4E00 && c <= 0x9FFF
    }
    static let keptTableEnd: UInt32 = 0x3000
    static let keptTable: [Bool] = (0..<keptTableEnd).map(isKeptByNameprep)

    /// `keptByNameprep`'s definition, from the tables themselves.
    static func isKeptByNameprep(_ c: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(c) else { return false }
        let data = NormalizationData.shared
        func isLoneStarter(_ c: UInt32) -> Bool {
            data.flags(c) & NormalizationData.composesAfter == 0 && data.combiningClass(c) == 0
        }
        guard !removed.contains(c), !mappedKeys.contains(c), !scalar.properties.changesWhenLowercased,
            !prohibited.contains(c), !randAL.contains(c), isLoneStarter(c),
            Normalization.normalized(.nfkc, [c]) == [c]
        else { return false }
        var pieces: [UInt32] = []
        data.appendDecomposition(of: c, form: .nfkc, to: &pieces)
        return isLoneStarter(pieces[0])
    }

    static func nameprep(_ label: ArraySlice<UInt32>) -> [UInt32]? {
        var out: [UInt32] = []
        out.reserveCapacity(label.count)
        for c in label where !removed.contains(c) { appendMapping(of: c, to: &out) }
        let normalized = Normalization.normalized(.nfkc, out)
        if normalized.contains(where: prohibited.contains) { return nil }
        if normalized.contains(where: randAL.contains) {
            if normalized.contains(where: lCat.contains) { return nil }
            if !randAL.contains(normalized.first!) || !randAL.contains(normalized.last!) { return nil }
        }
        return normalized
    }

    /// Nameprep's B.2 mapping of `c` (not removed): `mapped`'s where it
    /// differs from the lowercase mapping, else that. Asked of every code
    /// point of every new domain a count meets: ASCII is lowercased in place,
    /// and a code point that lowercasing leaves alone (most letters past
    /// ASCII written as they are typed) is kept without making the String
    /// of its mapping. NameprepTests checks the shortcuts against the plain
    /// rule for every code point.
    @inline(__always)
    static func appendMapping(of c: UInt32, to out: inout [UInt32]) {
        if c < 0x80 {
            out.append(c >= 0x41 && c <= 0x5A ? c + 0x20 : c)
        } else if mappedKeys.contains(c), let m = mapped[c] {
            out += m
        } else if let s = Unicode.Scalar(c) {
            if s.properties.changesWhenLowercased {
                out += s.properties.lowercaseMapping.unicodeScalars.map(\.value)
            } else {
                out.append(c)
            }
        }
    }
}

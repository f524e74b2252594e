/// A text's lengths in every counting mode, a cluster at a time: the rules
/// of each mode for one grapheme cluster. The counting loop itself is
/// `TextBackedString+Counting`; the facts it reads per BMP scalar (`+ScalarFlags`), GB18030's bytes (`+GB18030`), the weight of
/// NFC forms (`+NFC`) and of URLs (`+URLs`) have their own files.
enum LengthCounting {
    /// Lengths of one cluster; `emoji` tells whether it is one (the caller knows already).
    /// A cluster that `needsNFC` is left at weight 0: its caller adds the
    /// weight of its NFC form (`NFCWeigher`).
    @inline(__always)
    static func lengths(ofCluster cluster: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, simple: Bool, emoji: Bool)
        -> TextLengths
    {
        var l = TextLengths(graphemes: 1, utf16: UTF8Bytes.utf16Count(utf8, cluster), utf8: cluster.count)
        var i = cluster.lowerBound
        while i < cluster.upperBound {
            l.gb18030 += gb18030Length(UTF8Bytes.scalar(at: i, in: utf8))
            i += UTF8Bytes.sequenceLength(utf8[i])
        }
        if emoji {
            l.weight = 200
        } else if simple {
            l.weight = weight(UTF8Bytes.scalar(at: cluster.lowerBound, in: utf8))
        }
        return l
    }

    /// Whether a cluster's weight is that of its NFC form (a simple scalar and an emoji weigh as they are).
    @inline(__always)
    static func needsNFC(simple: Bool, emoji: Bool) -> Bool { !simple && !emoji }

    /// twitter-text v3: these ranges weigh 100, everything else 200.
    @inline(__always)
    static func weight(_ scalar: UInt32) -> Int {
        (scalar <= 4351 || (8192...8205).contains(scalar) || (8208...8223).contains(scalar)
            || (8242...8247).contains(scalar)) ? 100 : 200
    }

    /// Whether UTF-8 text holds U+FFFE, U+FEFF or U+FFFF, which make a text
    /// invalid in twitter-text (EF BF BE, EF BB BF, EF BF BF).
    static func hasInvalidCharacters<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var state = 0  // 1: after EF, 2: after EF BF, 3: after EF BB
        for b in bytes {
            switch (state, b) {
            case (_, 0xEF): state = 1
            case (1, 0xBF): state = 2
            case (1, 0xBB): state = 3
            case (2, 0xBE), (2, 0xBF), (3, 0xBF): return true
            default: state = 0
            }
        }
        return false
    }
}

import Foundation

/// Lengths of plain text in every counting mode, gathered in one walk over
/// the grapheme clusters (see `GraphemeSegmentation`).
struct TextLengths: Equatable {
    var graphemes = 0
    var utf16 = 0
    var utf8 = 0
    var gb18030 = 0
    /// twitter-text v3 weight, in units of 1/100 (divide by 100 to report).
    var weight = 0

    static func + (a: TextLengths, b: TextLengths) -> TextLengths {
        TextLengths(graphemes: a.graphemes + b.graphemes, utf16: a.utf16 + b.utf16, utf8: a.utf8 + b.utf8,
                    gb18030: a.gb18030 + b.gb18030, weight: a.weight + b.weight)
    }

    func value(in mode: CountMode) -> Int {
        switch mode {
        case .graphemes: graphemes
        case .utf16: utf16
        case .utf8: utf8
        case .gb18030: gb18030
        case .weighted: weight / 100
        }
    }

    /// Every mode counting `n` for one sticker (the policy's `stickerWeight`).
    static func uniform(_ n: Int) -> TextLengths {
        TextLengths(graphemes: n, utf16: n, utf8: n, gb18030: n, weight: n * 100)
    }
}

enum LengthCounting {
    /// Lengths of one cluster; `emoji` tells whether it is one (the caller knows already).
    /// A cluster that `needsNFC` is left at weight 0: its caller adds the
    /// `nfcWeights` of many such clusters at once.
    @inline(__always)
    static func lengths(ofCluster r: Range<Int>, in p: UnsafeBufferPointer<UInt8>, simple: Bool, emoji: Bool) -> TextLengths {
        var l = TextLengths(graphemes: 1, utf16: UTF8Bytes.utf16Count(p, r), utf8: r.count)
        var i = r.lowerBound
        while i < r.upperBound {
            l.gb18030 += gb18030Length(UTF8Bytes.scalar(at: i, in: p))
            i += UTF8Bytes.sequenceLength(p[i])
        }
        if emoji {
            l.weight = 200
        } else if simple {
            l.weight = weight(UTF8Bytes.scalar(at: r.lowerBound, in: p))
        }
        return l
    }

    /// Whether a cluster's weight is that of its NFC form, which only Foundation computes.
    @inline(__always)
    static func needsNFC(simple: Bool, emoji: Bool) -> Bool { !simple && !emoji }

    /// The weight of each cluster's NFC form (twitter-text weighs NFC), with
    /// one Foundation call per ~2 KB of clusters: one call per cluster cost
    /// ~3 µs, so 150,000 clusters of a letter and a combining mark took 0.5 s;
    /// and CoreFoundation composes in place, moving the rest of the string at
    /// each composition, so one call over 450 KB took 0.7 s. The clusters are
    /// joined by U+0000, which never composes, reorders or joins with a
    /// neighbour (a starter in no composition) and is in no such cluster (a
    /// control is a simple cluster of its own): NFC of the whole is the NFC of
    /// each cluster, U+0000 between.
    static func nfcWeights(of clusters: [Range<Int>], in p: UnsafeBufferPointer<UInt8>) -> [Int] {
        var weights: [Int] = []
        weights.reserveCapacity(clusters.count)
        forEachBatch(of: clusters, in: p) { nfc in
            var weight = NFCWeight()
            for scalar in nfc.unicodeScalars {
                if scalar.value == 0 {
                    weights.append(weight.total)
                    weight = NFCWeight()
                } else {
                    weight.add(scalar.value)
                }
            }
            weights.append(weight.total)
        }
        precondition(weights.count == clusters.count, "NFC kept every U+0000 separator")
        return weights
    }

    /// The NFC code points of each cluster, batched as `nfcWeights` batches them.
    static func nfcScalars(of clusters: [Range<Int>], in p: UnsafeBufferPointer<UInt8>) -> [[UInt32]] {
        var out: [[UInt32]] = []
        out.reserveCapacity(clusters.count)
        forEachBatch(of: clusters, in: p) { nfc in
            var current: [UInt32] = []
            for scalar in nfc.unicodeScalars {
                if scalar.value == 0 {
                    out.append(current)
                    current = []
                } else {
                    current.append(scalar.value)
                }
            }
            out.append(current)
        }
        precondition(out.count == clusters.count, "NFC kept every U+0000 separator")
        return out
    }

    /// Calls `body` with the NFC form of each batch of ~2 KB of the clusters, joined by U+0000.
    private static func forEachBatch(of clusters: [Range<Int>], in p: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
        var batch = 0
        while batch < clusters.count {
            var end = batch
            var bytes = 0
            while end < clusters.count && (end == batch || bytes + clusters[end].count <= 2048) {
                bytes += clusters[end].count + 1
                end += 1
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(bytes)
            for r in clusters[batch ..< end] {
                if !joined.isEmpty { joined.append(0) }  // clusters are never empty
                appendInCanonicalOrder(r, of: p, to: &joined)
            }
            // Foundation answers a bridged string: made native, its scalars are walked in one pass.
            var nfc = String(decoding: joined, as: UTF8.self).precomposedStringWithCanonicalMapping
            nfc.makeContiguousUTF8()
            body(nfc)
            batch = end
        }
    }

    /// Appends `p[range]` with each run of combining marks in canonical order
    /// (stably sorted by combining class), which NFC would put them in: the
    /// text is the same, and Foundation, which orders marks by a bubble sort,
    /// takes time quadratic in a run it has to order (one letter with 16,000
    /// marks of two classes took 1.8 s) and linear in one already in order.
    static func appendInCanonicalOrder(_ range: Range<Int>, of p: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var marks: [(combiningClass: UInt8, bytes: Range<Int>)] = []
        var ordered = true
        func flush() {
            if ordered {
                for mark in marks { out += UnsafeBufferPointer(rebasing: p[mark.bytes]) }
            } else if marks.count <= 32 {
                marks.sort { $0.combiningClass < $1.combiningClass }  // Swift's sort is stable
                for mark in marks { out += UnsafeBufferPointer(rebasing: p[mark.bytes]) }
            } else {
                appendSortedByClass(marks, of: p, to: &out)
            }
            marks.removeAll(keepingCapacity: true)
            ordered = true
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let n = UTF8Bytes.sequenceLength(p[i])
            let c = UTF8Bytes.scalar(at: i, in: p)
            // No scalar below U+0300 has a combining class.
            let combiningClass = c < 0x300 ? 0 : Unicode.Scalar(c).unsafelyUnwrapped.properties.canonicalCombiningClass.rawValue
            if combiningClass == 0 {
                if !marks.isEmpty { flush() }
                out += UnsafeBufferPointer(rebasing: p[i ..< i + n])
            } else {
                if let last = marks.last, last.combiningClass > combiningClass { ordered = false }
                marks.append((combiningClass, i ..< i + n))
            }
            i += n
        }
        if !marks.isEmpty { flush() }
    }

    /// Appends a long run of marks stably sorted by class: each after the
    /// marks of lower classes and of its class before it (a counting sort, as
    /// classes are below 256), so linear in the run, where a comparison sort
    /// is not.
    private static func appendSortedByClass(_ marks: [(combiningClass: UInt8, bytes: Range<Int>)],
                                            of p: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var start = [Int](repeating: 0, count: 257)
        for mark in marks { start[Int(mark.combiningClass) + 1] += 1 }
        for k in 1 ... 256 { start[k] += start[k - 1] }
        var sorted = [Range<Int>](repeating: 0 ..< 0, count: marks.count)
        for mark in marks {
            sorted[start[Int(mark.combiningClass)]] = mark.bytes
            start[Int(mark.combiningClass)] += 1
        }
        for bytes in sorted { out += UnsafeBufferPointer(rebasing: p[bytes]) }
    }

    /// The clusters whose weight is their NFC form's, weighed in batches of
    /// up to 64 KB (see `nfcWeights`). A value the counting loop keeps, not
    /// variables a local function captures: those are boxed on the heap and
    /// checked for exclusive access at run time, on every text run counted.
    struct NFCBatch {
        private var clusters: [Range<Int>] = []
        private var bytes = 0
        /// The weight of the clusters weighed so far.
        private(set) var weight = 0

        mutating func add(_ cluster: Range<Int>, in p: UnsafeBufferPointer<UInt8>) {
            clusters.append(cluster)
            bytes &+= cluster.count
            if bytes > 1 << 16 { weigh(in: p) }
        }

        /// Weighs the clusters added since the last call.
        mutating func weigh(in p: UnsafeBufferPointer<UInt8>) {
            if clusters.isEmpty { return }
            weight += nfcWeights(of: clusters, in: p).reduce(0, +)
            clusters.removeAll(keepingCapacity: true)
            bytes = 0
        }
    }

    /// GB18030 bytes of `p[range]`: a pass over scalars, no segmentation needed.
    static func gb18030Length(of range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> Int {
        bmpFlags.withUnsafeBufferPointer { flags in
            var total = 0
            var i = range.lowerBound
            while i < range.upperBound {
                let b = p[i]
                if b < 0x80 { total &+= 1; i &+= 1; continue }
                let n = UTF8Bytes.sequenceLength(b)
                if n == 4 {
                    total &+= 4
                } else {
                    let c = UTF8Bytes.scalar(at: i, in: p)
                    total &+= flags[Int(c)] & gb18030TwoByteFlag != 0 ? 2 : 4
                }
                i &+= n
            }
            return total
        }
    }

    /// The weight of NFC text. Foundation on Linux leaves a Hangul LV syllable
    /// and a following trailing jamo apart (하 + ᆫ stays two scalars), where NFC
    /// composes them into one LVT syllable (한): such a jamo adds no weight, so
    /// the count is that of true NFC (the JS model's `normalize('NFC')`).
    struct NFCWeight {
        private(set) var total = 0
        private var previous: UInt32 = 0

        mutating func add(_ c: UInt32) {
            let composes = (0x11A8...0x11C2).contains(c) && (0xAC00...0xD7A3).contains(previous) && (previous - 0xAC00) % 28 == 0
            if !composes { total += weight(c) }
            previous = composes ? previous + (c - 0x11A7) : c
        }
    }

    /// twitter-text v3: these ranges weigh 100, everything else 200.
    @inline(__always)
    static func weight(_ c: UInt32) -> Int {
        (c <= 4351 || (8192...8205).contains(c) || (8208...8223).contains(c) || (8242...8247).contains(c)) ? 100 : 200
    }

    @inline(__always)
    static func gb18030Length(_ c: UInt32) -> Int {
        if c < 0x80 { return 1 }
        if c > 0xFFFF { return 4 }
        return bmpFlags[Int(c)] & gb18030TwoByteFlag != 0 ? 2 : 4
    }

    /// A byte per BMP code point, built once, so the counting loop answers
    /// "simple?" and "two GB18030 bytes?" with one load.
    static let bmpFlags: [UInt8] = {
        var flags = [UInt8](repeating: 0, count: 0x10000)
        for range in GraphemeSegmentation.simpleRanges {
            for c in range where c < 0x10000 { flags[Int(c)] |= simpleFlag }
        }
        for (lo, hi) in GB18030Table.twoByteRanges {
            for c in lo...hi { flags[Int(c)] |= gb18030TwoByteFlag }
        }
        return flags
    }()
    static let simpleFlag: UInt8 = 1
    static let gb18030TwoByteFlag: UInt8 = 2
}

extension LengthCounting {
    /// The twitter-text v3 weight (1/100 units) of the text run `p[range]` when
    /// it holds a URL, else nil (then `measure`'s weight stands). As
    /// `parseTweet` does, URLs are found in the NFC text; each weighs 23, and
    /// the text around them weighs what `measure` gives it.
    static func weightWithURLs(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> Int? {
        guard TwitterURLs.mayHoldURL(range, in: p) else { return nil }
        let scalars = TwitterURLs.normalized(range, in: p).scalars
        let urls = TwitterURLs.find(in: scalars)
        if urls.isEmpty { return nil }
        var weight = 0
        var at = 0
        for url in urls {
            weight += textWeight(scalars[at ..< url.lowerBound]) + TwitterURLs.urlWeight
            at = url.upperBound
        }
        return weight + textWeight(scalars[at...])
    }

    /// `measure`'s weight of some code points.
    static func textWeight(_ scalars: ArraySlice<UInt32>) -> Int {
        if scalars.isEmpty { return 0 }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.count)
        for c in scalars { utf8.append(contentsOf: UTF8.encode(Unicode.Scalar(c)!)!) }
        return utf8.withUnsafeBufferPointer { TextBackedString.measure(0 ..< $0.count, in: $0).weight }
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

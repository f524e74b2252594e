/// Grapheme cluster boundaries over UTF-8 bytes, without segmenting more text
/// than needed.
///
/// Full UAX #29 segmentation (Swift's `Character`) runs at ~70 MB/s here,
/// too slow to count a 1 MB message on every edit. But most chat text is
/// ASCII, CJK and kana, whose scalars can never join a neighbour: between two
/// such "simple" scalars there is always a boundary. So text is cut at those
/// certain boundaries into chunks, simple scalars are counted directly, and
/// only the chunks with anything else (emoji, combining marks, flags, CRLF,
/// jamo) go through Swift's segmentation, which is correct on a chunk because
/// it starts and ends on a true boundary. Swift's rules are applied scalar by
/// scalar (the standard library's `Unicode._CharacterRecognizer`, which
/// `String`'s own `Character`s are cut by) straight on the bytes: making a
/// `String` of each chunk and walking its `Character`s cost a small render
/// request a tenth of its instructions.
enum GraphemeSegmentation {
    /// A scalar that is a grapheme boundary on both sides whenever its
    /// neighbours are simple too: Grapheme_Cluster_Break Other (or Control,
    /// which always breaks; CR is left out for CR LF), not shown as emoji,
    /// and unchanged by NFC (so the weighted count needs no normalization).
    /// GraphemeSegmentationTests checks every scalar here against Swift's own
    /// segmentation and emoji properties.
    @inline(__always)
    static func isSimple(_ c: UInt32) -> Bool {
        if c < 0xA0 { return c != 0x0D }
        if c < 0x3000 {
            return (c <= 0x2FF && c != 0xAD) || (c >= 0x370 && c <= 0x482 && c != 0x374 && c != 0x37E && c != 0x387)
                || (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205E) || (c >= 0x2070 && c <= 0x20CF)
                || (c >= 0x2100 && c <= 0x218F && c != 0x2126 && c != 0x212A && c != 0x212B) || (c >= 0x2500 && c <= 0x25FC)
        }
        return (c <= 0x3029) || (c >= 0x3030 && c <= 0x303F) || (c >= 0x3041 && c <= 0x3096)
            || (c >= 0x309B && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF)
            || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xFF01 && c <= 0xFF5E)
    }

    /// The ranges `isSimple` accepts, for the tests.
    static let simpleRanges: [ClosedRange<UInt32>] = [
        0x00...0x0C, 0x0E...0xAC, 0xAE...0x2FF, 0x370...0x373, 0x375...0x37D, 0x37F...0x386, 0x388...0x482, 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF,
        0x2100...0x2125, 0x2127...0x2129, 0x212C...0x218F,  // not Ω K Å signs: NFC changes them
        0x2500...0x25FC, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E,
    ]

    /// Whether `i` (a scalar start strictly inside `run`) is certainly a boundary.
    @inline(__always)
    static func isCertainBoundary(_ i: Int, in p: UnsafeBufferPointer<UInt8>) -> Bool {
        isSimple(UTF8Bytes.scalar(at: i, in: p))
            && isSimple(UTF8Bytes.scalar(at: UTF8Bytes.scalarStart(before: i, in: p), in: p))
    }

    /// Calls `body` with each grapheme cluster in `run`, as a byte range.
    /// The clusters of simple scalars are reported without Swift's segmentation.
    /// `body` returns false to stop early.
    @inline(__always)
    static func forEachCluster(in run: Range<Int>, of p: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, _ simple: Bool) -> Bool) {
        let end = run.upperBound
        var i = run.lowerBound
        guard i < end else { return }
        LengthCounting.bmpFlags.withUnsafeBufferPointer { flags in
            @inline(__always) func simple(_ c: UInt32) -> Bool { c < 0x10000 && flags[Int(c)] & LengthCounting.simpleFlag != 0 }
            var current = simple(UTF8Bytes.scalar(at: i, in: p))
            while i < end {
                // Fast path: a simple scalar followed by a simple scalar (or the run end) is one cluster.
                let n = UTF8Bytes.sequenceLength(p[i])
                let j = i &+ n
                let next = j < end ? simple(UTF8Bytes.scalar(at: j, in: p)) : true
                if current && next {
                    if !body(i ..< j, true) { return }
                    i = j
                    continue
                }
                // Slow path: extend to the next certain boundary and segment that chunk.
                var k = j
                while k < end && !isCertainBoundary(k, in: p) { k &+= UTF8Bytes.sequenceLength(p[k]) }
                var stopped = false
                segment(i ..< k, of: p) { cluster in
                    // A lone simple scalar in the chunk (a space after an emoji) is still simple.
                    let single = cluster.count == UTF8Bytes.sequenceLength(p[cluster.lowerBound])
                        && simple(UTF8Bytes.scalar(at: cluster.lowerBound, in: p))
                    stopped = !body(cluster, single)
                    return !stopped
                }
                if stopped { return }
                i = k
                if i < end { current = simple(UTF8Bytes.scalar(at: i, in: p)) }
            }
        }
    }

    /// Calls `body` with each grapheme cluster of `chunk`, which starts and
    /// ends on a boundary, by Swift's rules; `body` returns false to stop.
    /// Emoji sequences among letters are cut by the few rules they need
    /// (`segmentEmojiSequences`), anything else by Swift's.
    @inline(__always)
    private static func segment(_ chunk: Range<Int>, of p: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) {
        if segmentEmojiSequences(chunk, of: p, body) { return }
        var recognizer = Unicode._CharacterRecognizer()
        var start = chunk.lowerBound
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            // The bytes are valid UTF-8 (a TextBackedString's, or a checked request's).
            let scalar = Unicode.Scalar(UTF8Bytes.scalar(at: i, in: p)).unsafelyUnwrapped
            // The chunk's first scalar starts a cluster whatever the recognizer says of it.
            if recognizer.hasBreak(before: scalar) && i > start {
                if !body(start ..< i) { return }
                start = i
            }
            i &+= UTF8Bytes.sequenceLength(p[i])
        }
        if start < chunk.upperBound { _ = body(start ..< chunk.upperBound) }
    }

    /// The grapheme boundary at or before `i` inside `run`.
    static func boundary(atOrBefore i: Int, in run: Range<Int>, of p: UnsafeBufferPointer<UInt8>) -> Int {
        if i <= run.lowerBound { return run.lowerBound }
        if i >= run.upperBound { return run.upperBound }
        let (start, clusters) = chunk(around: i, in: run, of: p)
        var k = start
        for length in clusters {
            if k + length > i { return k }
            k += length
        }
        return k
    }

    /// The grapheme boundary at or after `i` inside `run`.
    static func boundary(atOrAfter i: Int, in run: Range<Int>, of p: UnsafeBufferPointer<UInt8>) -> Int {
        let down = boundary(atOrBefore: i, in: run, of: p)
        if down == i { return i }
        let (start, clusters) = chunk(around: i, in: run, of: p)
        var k = start
        for length in clusters {
            k += length
            if k >= i { return k }
        }
        return k
    }

    /// The clusters of the smallest chunk of certain boundaries containing `i`.
    private static func chunk(around i: Int, in run: Range<Int>, of p: UnsafeBufferPointer<UInt8>) -> (Int, [Int]) {
        var start = UTF8Bytes.roundDownToScalar(i, in: p)
        while start > run.lowerBound && !isCertainBoundary(start, in: p) {
            start = UTF8Bytes.scalarStart(before: start, in: p)
        }
        var end = UTF8Bytes.roundDownToScalar(i, in: p)
        if end == start && end < run.upperBound { end += UTF8Bytes.sequenceLength(p[end]) }
        while end < run.upperBound && !isCertainBoundary(end, in: p) {
            end += UTF8Bytes.sequenceLength(p[end])
        }
        var clusters: [Int] = []
        segment(start ..< end, of: p) { clusters.append($0.count); return true }
        return (start, clusters)
    }
}

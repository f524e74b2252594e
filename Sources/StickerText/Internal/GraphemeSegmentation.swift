/// Grapheme cluster boundaries over UTF-8 bytes, without segmenting more text
/// than needed.
///
/// Most chat text is ASCII, CJK and kana, whose scalars can never join a
/// neighbour: between two such "simple" scalars there is always a boundary.
/// So text is cut at those certain boundaries into chunks, simple scalars are
/// counted directly, and only the chunks with anything else (emoji, combining
/// marks, conjuncts, flags, CRLF, jamo) go through `GraphemeBreakRules`,
/// which is correct on a chunk because it starts and ends on a true boundary.
/// The rules and their data (`GraphemeBreakTable`, Unicode 18.0) are our own,
/// the page's JS model has the same: Swift's `Character` follows the
/// toolchain's Unicode version, and would not cut the text as the page does.
enum GraphemeSegmentation {
    /// A scalar that is a grapheme boundary on both sides whenever its
    /// neighbours are simple too: Grapheme_Cluster_Break Other (or Control,
    /// which always breaks; CR is left out for CR LF), not shown as emoji,
    /// and unchanged by NFC (so the weighted count needs no normalization).
    /// GraphemeSegmentationTests checks every scalar here against the
    /// generated classes, Swift's emoji properties and NFC.
    @inline(__always)
    static func isSimple(_ codePoint: UInt32) -> Bool {
        if codePoint < 0xA0 { return codePoint != 0x0D }
        if codePoint < 0x3000 {
            return (codePoint <= 0x2FF && codePoint != 0xAD)
                || (codePoint >= 0x370 && codePoint <= 0x482 && codePoint != 0x374 && codePoint != 0x37E
                    && codePoint != 0x387)
                || (codePoint >= 0x2010 && codePoint <= 0x2027) || (codePoint >= 0x2030 && codePoint <= 0x205E)
                || (codePoint >= 0x2070 && codePoint <= 0x20CF)
                || (codePoint >= 0x2100 && codePoint <= 0x218F && codePoint != 0x2126 && codePoint != 0x212A
                    && codePoint != 0x212B)
                || (codePoint >= 0x2500 && codePoint <= 0x25FC)
        }
        return (codePoint <= 0x3029) || (codePoint >= 0x3030 && codePoint <= 0x303F)
            || (codePoint >= 0x3041 && codePoint <= 0x3096) || (codePoint >= 0x309B && codePoint <= 0x30FF)
            || (codePoint >= 0x3400 && codePoint <= 0x4DBF) || (codePoint >= 0x4E00 && codePoint <= 0x9FFF)
            || (codePoint >= 0xAC00 && codePoint <= 0xD7A3) || (codePoint >= 0xFF01 && codePoint <= 0xFF5E)
    }

    /// The ranges `isSimple` accepts, for the tests.
    static let simpleRanges: [ClosedRange<UInt32>] = [
        0x00...0x0C, 0x0E...0xAC, 0xAE...0x2FF, 0x370...0x373, 0x375...0x37D, 0x37F...0x386, 0x388...0x482,
        0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF,
        0x2100...0x2125, 0x2127...0x2129, 0x212C...0x218F,  // not Ω K Å signs: NFC changes them
        0x2500...0x25FC, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E,
    ]

    /// Whether `offset` (a scalar start strictly inside `run`) is certainly a boundary.
    @inline(__always)
    static func isCertainBoundary(_ offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        isSimple(UTF8Bytes.scalar(at: offset, in: utf8))
            && isSimple(UTF8Bytes.scalar(at: UTF8Bytes.scalarStart(before: offset, in: utf8), in: utf8))
    }

    /// `isSimple` read from `LengthCounting.bmpFlags`' buffer (one load, not
    /// a chain of range tests), for the loops that hold it already.
    @inline(__always)
    static func isSimple(_ codePoint: UInt32, flags: UnsafeBufferPointer<UInt8>) -> Bool {
        codePoint < 0x10000 && flags[Int(codePoint)] & LengthCounting.simpleFlag != 0
    }

    /// The same, with `isSimple` read from `flags` (`bmpFlags`' buffer).
    @inline(__always)
    static func isCertainBoundary(
        _ offset: Int, in utf8: UnsafeBufferPointer<UInt8>, flags: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        isSimple(UTF8Bytes.scalar(at: offset, in: utf8), flags: flags)
            && isSimple(UTF8Bytes.scalar(at: UTF8Bytes.scalarStart(before: offset, in: utf8), in: utf8), flags: flags)
    }

    /// Calls `body` with each grapheme cluster in `run`, as a byte range.
    /// The clusters of simple scalars are reported without the rules.
    /// `body` returns false to stop early.
    @inline(__always)
    static func forEachCluster(
        in run: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, _ simple: Bool) -> Bool
    ) {
        let end = run.upperBound
        var offset = run.lowerBound
        guard offset < end else { return }
        LengthCounting.bmpFlags.withUnsafeBufferPointer { flags in
            @inline(__always) func simple(_ codePoint: UInt32) -> Bool { isSimple(codePoint, flags: flags) }
            var current = simple(UTF8Bytes.scalar(at: offset, in: utf8))
            while offset < end {
                // Fast path: a simple scalar followed by a simple scalar (or the run end) is one cluster.
                let n = UTF8Bytes.sequenceLength(utf8[offset])
                let j = offset &+ n
                let next = j < end ? simple(UTF8Bytes.scalar(at: j, in: utf8)) : true
                if current && next {
                    if !body(offset..<j, true) { return }
                    offset = j
                    continue
                }
                // Slow path: extend to the next certain boundary and segment that chunk.
                var k = j
                while k < end && !isCertainBoundary(k, in: utf8, flags: flags) {
                    k &+= UTF8Bytes.sequenceLength(utf8[k])
                }
                var stopped = false
                segment(offset..<k, of: utf8) { cluster in
                    // A lone simple scalar in the chunk (a space after an emoji) is still simple.
                    let single =
                        cluster.count == UTF8Bytes.sequenceLength(utf8[cluster.lowerBound])
                        && simple(UTF8Bytes.scalar(at: cluster.lowerBound, in: utf8))
                    stopped = !body(cluster, single)
                    return !stopped
                }
                if stopped { return }
                offset = k
                if offset < end { current = simple(UTF8Bytes.scalar(at: offset, in: utf8)) }
            }
        }
    }

    /// Calls `body` with each grapheme cluster of `chunk`, which starts and
    /// ends on a boundary, by UAX #29's rules; `body` returns false to stop.
    @inline(__always)
    private static func segment(_ chunk: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool)
    {
        GraphemeBreakClass.flat.withUnsafeBufferPointer { classes in
            var rules = GraphemeBreakRules()
            var start = chunk.lowerBound
            var offset = chunk.lowerBound
            while offset < chunk.upperBound {
                // The bytes are valid UTF-8 (a TextBackedString's, or a checked request's).
                let scalar = UTF8Bytes.scalar(at: offset, in: utf8)
                // The chunk's first scalar starts a cluster (GB1).
                if rules.isBoundary(before: GraphemeBreakClass.of(scalar, in: classes)) && offset > start {
                    if !body(start..<offset) { return }
                    start = offset
                }
                offset &+= UTF8Bytes.sequenceLength(utf8[offset])
            }
            if start < chunk.upperBound { _ = body(start..<chunk.upperBound) }
        }
    }

    /// The grapheme boundary at or before `offset` inside `run`: one
    /// segmentation of the chunk around it, nothing kept (every caret snap
    /// and delete asks, so the chunk's clusters are not gathered in an array).
    static func boundary(atOrBefore offset: Int, in run: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        if offset <= run.lowerBound { return run.lowerBound }
        if offset >= run.upperBound { return run.upperBound }
        let chunk = chunk(around: offset, in: run, of: utf8)
        var result = chunk.lowerBound
        segment(chunk, of: utf8) { cluster in
            if cluster.upperBound > offset { return false }
            result = cluster.upperBound
            return true
        }
        return result
    }

    /// The grapheme boundary at or after `offset` inside `run`: the end of
    /// the cluster holding it, or `offset` itself when a cluster starts there.
    static func boundary(atOrAfter offset: Int, in run: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        if offset <= run.lowerBound { return run.lowerBound }
        if offset >= run.upperBound { return run.upperBound }
        let chunk = chunk(around: offset, in: run, of: utf8)
        var result = chunk.upperBound
        segment(chunk, of: utf8) { cluster in
            if cluster.upperBound < offset { return true }
            result = cluster.lowerBound == offset ? offset : cluster.upperBound
            return false
        }
        return result
    }

    /// The smallest chunk between certain boundaries that holds `offset`.
    private static func chunk(around offset: Int, in run: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>) -> Range<
        Int
    > {
        var start = UTF8Bytes.roundDownToScalar(offset, in: utf8)
        while start > run.lowerBound && !isCertainBoundary(start, in: utf8) {
            start = UTF8Bytes.scalarStart(before: start, in: utf8)
        }
        var end = UTF8Bytes.roundDownToScalar(offset, in: utf8)
        if end == start && end < run.upperBound { end += UTF8Bytes.sequenceLength(utf8[end]) }
        while end < run.upperBound && !isCertainBoundary(end, in: utf8) {
            end += UTF8Bytes.sequenceLength(utf8[end])
        }
        return start..<end
    }
}

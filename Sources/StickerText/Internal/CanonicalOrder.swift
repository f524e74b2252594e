/// Combining marks put in canonical order before Foundation composes them
/// (`LengthCounting.nfcWeights` and `nfcScalars`).
enum CanonicalOrder {
    /// Appends `utf8[range]` with each run of combining marks in canonical order
    /// (stably sorted by combining class), which NFC would put them in: the
    /// text is the same, and Foundation, which orders marks by a bubble sort,
    /// takes time quadratic in a run it has to order (one letter with 16,000
    /// marks of two classes took 1.8 s) and linear in one already in order.
    static func append(_ range: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var marks: [(combiningClass: UInt8, bytes: Range<Int>)] = []
        var ordered = true
        func flush() {
            if ordered {
                for mark in marks { out += UnsafeBufferPointer(rebasing: utf8[mark.bytes]) }
            } else if marks.count <= 32 {
                marks.sort { $0.combiningClass < $1.combiningClass }  // Swift's sort is stable
                for mark in marks { out += UnsafeBufferPointer(rebasing: utf8[mark.bytes]) }
            } else {
                appendSortedByClass(marks, of: utf8, to: &out)
            }
            marks.removeAll(keepingCapacity: true)
            ordered = true
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let n = UTF8Bytes.sequenceLength(utf8[i])
            let c = UTF8Bytes.scalar(at: i, in: utf8)
            // No scalar below U+0300 has a combining class.
            let combiningClass =
                c < 0x300 ? 0 : Unicode.Scalar(c).unsafelyUnwrapped.properties.canonicalCombiningClass.rawValue
            if combiningClass == 0 {
                if !marks.isEmpty { flush() }
                out += UnsafeBufferPointer(rebasing: utf8[i..<i + n])
            } else {
                if let last = marks.last, last.combiningClass > combiningClass { ordered = false }
                marks.append((combiningClass, i..<i + n))
            }
            i += n
        }
        if !marks.isEmpty { flush() }
    }

    /// Appends a long run of marks stably sorted by class: each after the
    /// marks of lower classes and of its class before it (a counting sort, as
    /// classes are below 256), so linear in the run, where a comparison sort
    /// is not.
    private static func appendSortedByClass(
        _ marks: [(combiningClass: UInt8, bytes: Range<Int>)],
        of utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]
    ) {
        var start = [Int](repeating: 0, count: 257)
        for mark in marks { start[Int(mark.combiningClass) + 1] += 1 }
        for k in 1...256 { start[k] += start[k - 1] }
        var sorted = [Range<Int>](repeating: 0..<0, count: marks.count)
        for mark in marks {
            sorted[start[Int(mark.combiningClass)]] = mark.bytes
            start[Int(mark.combiningClass)] += 1
        }
        for bytes in sorted { out += UnsafeBufferPointer(rebasing: utf8[bytes]) }
    }
}

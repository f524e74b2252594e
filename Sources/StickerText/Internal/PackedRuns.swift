/// A lookup in the generated tables' runs (`GraphemeBreakTable.runs`,
/// `.emojiRuns`): each run is its first code point shifted left by `bits`,
/// or'ed with its value, and lasts until the next run begins; the
/// grapheme-break class and the emoji kind both read them so.
enum PackedRuns {
    /// The value of the run that holds `scalar`: a binary search of `runs`.
    @inline(__always)
    static func value(of scalar: UInt32, in runs: [UInt32], bits: Int) -> UInt32 {
        runs.withUnsafeBufferPointer { runs in
            var low = 0
            var high = runs.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if runs[middle] >> UInt32(bits) <= scalar {
                    low = middle
                } else {
                    high = middle - 1
                }
            }
            return runs[low] & (1 << UInt32(bits) - 1)
        }
    }
}

extension TwitterURLs {
    /// A set of code points from inclusive [first, last] pairs, with an ASCII bitmap.
    struct CodePointSet {
        let ranges: [UInt32]
        let low: UInt64, high: UInt64

        init(_ pairs: [UInt32]) {
            ranges = pairs
            var low: UInt64 = 0
            var high: UInt64 = 0
            for k in stride(from: 0, to: pairs.count, by: 2) where pairs[k] < 0x80 {
                for scalar in pairs[k]...min(pairs[k + 1], 0x7F) {
                    if scalar < 64 { low |= 1 << UInt64(scalar) } else { high |= 1 << UInt64(scalar - 64) }
                }
            }
            self.low = low
            self.high = high
        }

        @inline(__always)
        func contains(_ scalar: UInt32) -> Bool {
            if scalar < 64 { return low & (1 << UInt64(scalar)) != 0 }
            if scalar < 128 { return high & (1 << UInt64(scalar - 64)) != 0 }
            var lo = 0
            var hi = ranges.count / 2
            while lo < hi {
                let mid = (lo + hi) / 2
                if ranges[2 * mid + 1] < scalar { lo = mid + 1 } else { hi = mid }
            }
            return lo < ranges.count / 2 && ranges[2 * lo] <= scalar
        }
    }
}

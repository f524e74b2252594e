extension TwitterURLs {
    /// The NFC code points of the text run `utf8[range]` (`Normalization`,
    /// Unicode 17.0), with each cluster's bytes and the count of code points
    /// up to its end. NFC never joins or reorders across a cluster boundary
    /// (tools/generate-normalization-tables.py checks it of the data), so the
    /// run is normalized cluster by cluster.
    static func normalized(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> (
        scalars: [UInt32], clusters: [(bytes: Range<Int>, end: Int)]
    ) {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(range.count)
        var ends: [(bytes: Range<Int>, end: Int)] = []
        GraphemeSegmentation.forEachCluster(in: range, of: utf8) { cluster, simple in
            // Simple scalars (ASCII, CJK, kana, Hangul syllables…) are unchanged by NFC and compose with nothing.
            if simple {
                scalars.append(UTF8Bytes.scalar(at: cluster.lowerBound, in: utf8))
            } else {
                Normalization.append(.nfc, of: cluster, in: utf8, to: &scalars)
            }
            ends.append((cluster, scalars.count))
            return true
        }
        return (scalars, ends)
    }
}

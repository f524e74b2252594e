extension TwitterURLs {
    /// A grapheme cluster of a run normalized by `normalized(_:in:)`: its
    /// bytes in the run, the count of NFC code points up to its end, and
    /// whether it is one simple scalar. A struct, not a tuple: an array of
    /// tuples looks its type up at run time each time one is made.
    struct NormalizedCluster {
        var bytes: Range<Int>
        var end: Int
        var simple: Bool
    }

    /// The NFC code points of the text run `utf8[range]` (`Normalization`,
    /// Unicode 18.0), with each cluster's bytes and the count of code points
    /// up to its end. NFC never joins or reorders across a cluster boundary
    /// (tools/generate-normalization-tables.py checks it of the data), so the
    /// run is normalized cluster by cluster.
    static func normalized(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> (
        scalars: [UInt32], clusters: [NormalizedCluster]
    ) {
        var scalars: [UInt32] = []
        var clusters: [NormalizedCluster] = []
        normalize(range, in: utf8, into: &scalars, clusters: &clusters)
        return (scalars, clusters)
    }

    /// `normalized(_:in:)` written over `scalars` and `clusters` (a count's
    /// windows reuse their memory: `Workspace`).
    static func normalize(
        _ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, into scalars: inout [UInt32],
        clusters: inout [NormalizedCluster]
    ) {
        scalars.removeAll(keepingCapacity: true)
        scalars.reserveCapacity(range.count)
        clusters.removeAll(keepingCapacity: true)
        GraphemeSegmentation.forEachCluster(in: range, of: utf8) { cluster, simple in
            // Simple scalars (ASCII, CJK, kana, Hangul syllables…) are unchanged by NFC and compose with nothing.
            if simple {
                scalars.append(UTF8Bytes.scalar(at: cluster.lowerBound, in: utf8))
            } else {
                Normalization.append(.nfc, of: cluster, in: utf8, to: &scalars)
            }
            clusters.append(NormalizedCluster(bytes: cluster, end: scalars.count, simple: simple))
            return true
        }
    }
}

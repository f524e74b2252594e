import Foundation

extension TwitterURLs {
    /// The NFC code points of the text run `utf8[range]`, with each cluster's
    /// bytes and the count of code points up to its end. NFC never joins
    /// across a cluster boundary, so the run is normalized cluster by cluster,
    /// in batches (`LengthCounting.nfcScalars(of:)`): one Foundation call over
    /// a whole run composes in place, moving the rest of it at each
    /// composition (a URL and 120,000 e + U+0301 took 0.7 s to count).
    static func normalized(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> (
        scalars: [UInt32], clusters: [(bytes: Range<Int>, end: Int)]
    ) {
        var clusters: [(bytes: Range<Int>, simple: Bool)] = []
        GraphemeSegmentation.forEachCluster(in: range, of: utf8) { cluster, simple in
            clusters.append((cluster, simple))
            return true
        }
        var normalized = LengthCounting.nfcScalars(of: clusters.filter { !$0.simple }.map(\.bytes), in: utf8)
            .makeIterator()
        var scalars: [UInt32] = []
        scalars.reserveCapacity(range.count)
        var ends: [(bytes: Range<Int>, end: Int)] = []
        ends.reserveCapacity(clusters.count)
        for cluster in clusters {
            // Simple scalars (ASCII, CJK, kana, Hangul syllables…) are unchanged by NFC and compose with nothing.
            if cluster.simple {
                scalars.append(UTF8Bytes.scalar(at: cluster.bytes.lowerBound, in: utf8))
            } else {
                scalars += HangulComposition.composed(normalized.next()!)
            }
            ends.append((cluster.bytes, scalars.count))
        }
        return (scalars, ends)
    }
}

import Foundation

/// The weighted count weighs a cluster by its NFC form (twitter-text does),
/// which only Foundation computes: clusters are normalized in batches, and
/// weighed as NFC (`NFCWeight`, `NFCBatch`).
extension LengthCounting {
    /// The weight of each cluster's NFC form (twitter-text weighs NFC), with
    /// one Foundation call per ~2 KB of clusters: one call per cluster cost
    /// ~3 µs, so 150,000 clusters of a letter and a combining mark took 0.5 s;
    /// and CoreFoundation composes in place, moving the rest of the string at
    /// each composition, so one call over 450 KB took 0.7 s. The clusters are
    /// joined by U+0000, which never composes, reorders or joins with a
    /// neighbour (a starter in no composition) and is in no such cluster (a
    /// control is a simple cluster of its own): NFC of the whole is the NFC of
    /// each cluster, U+0000 between.
    static func nfcWeights(of clusters: [Range<Int>], in utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        var weights: [Int] = []
        weights.reserveCapacity(clusters.count)
        forEachBatch(of: clusters, in: utf8) { nfc in
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
    static func nfcScalars(of clusters: [Range<Int>], in utf8: UnsafeBufferPointer<UInt8>) -> [[UInt32]] {
        var out: [[UInt32]] = []
        out.reserveCapacity(clusters.count)
        forEachBatch(of: clusters, in: utf8) { nfc in
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
    private static func forEachBatch(
        of clusters: [Range<Int>], in utf8: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void
    ) {
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
            for r in clusters[batch..<end] {
                if !joined.isEmpty { joined.append(0) }  // clusters are never empty
                CanonicalOrder.append(r, of: utf8, to: &joined)
            }
            // Foundation answers a bridged string: made native, its scalars are walked in one pass.
            var nfc = String(decoding: joined, as: UTF8.self).precomposedStringWithCanonicalMapping
            nfc.makeContiguousUTF8()
            body(nfc)
            batch = end
        }
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

        mutating func add(_ cluster: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) {
            clusters.append(cluster)
            bytes &+= cluster.count
            if bytes > 1 << 16 { weigh(in: utf8) }
        }

        /// Weighs the clusters added since the last call.
        mutating func weigh(in utf8: UnsafeBufferPointer<UInt8>) {
            if clusters.isEmpty { return }
            weight += nfcWeights(of: clusters, in: utf8).reduce(0, +)
            clusters.removeAll(keepingCapacity: true)
            bytes = 0
        }
    }

    /// The weight of Foundation's NFC text: a trailing jamo that true NFC
    /// composes with the syllable before it (`HangulComposition`) adds no
    /// weight, so the count is that of true NFC.
    struct NFCWeight {
        private(set) var total = 0
        private var previous: UInt32 = 0

        mutating func add(_ scalar: UInt32) {
            if let syllable = HangulComposition.syllable(previous, scalar) {
                previous = syllable
            } else {
                total += weight(scalar)
                previous = scalar
            }
        }
    }
}

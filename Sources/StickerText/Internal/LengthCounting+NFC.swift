/// The weighted count weighs a cluster by its NFC form (twitter-text does):
/// our own NFC (`Normalization`, Unicode 18.0), the page's JS model's too.
extension LengthCounting {
    /// The weight of each cluster's NFC form, in order.
    static func nfcWeights(of clusters: [Range<Int>], in utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        var weigher = NFCWeigher()
        return clusters.map { weigher.weight(of: $0, in: utf8) }
    }

    /// Weighs clusters by their NFC form, with one buffer for all of them. A
    /// value the counting loop keeps, not variables a local function captures:
    /// those are boxed on the heap and checked for exclusive access at run
    /// time, on every text run counted.
    struct NFCWeigher {
        private var scalars: [UInt32] = []

        /// The weight of `cluster`'s NFC form.
        mutating func weight(of cluster: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
            scalars.removeAll(keepingCapacity: true)
            Normalization.append(.nfc, of: cluster, in: utf8, to: &scalars)
            var total = 0
            for c in scalars { total += LengthCounting.weight(c) }
            return total
        }
    }
}

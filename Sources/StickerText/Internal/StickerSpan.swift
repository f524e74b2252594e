/// A sticker code found in plain text: its bytes (brackets included) and the
/// catalog entry it names.
struct StickerSpan: Hashable, Sendable {
    let bytes: Range<Int>
    let entry: Int
}

extension [StickerSpan] {
    /// The index of the first span that ends after `position`, or `count`:
    /// a binary search, the spans being in order and apart. The sticker at
    /// a position and the text run around it are both found from it.
    func firstIndex(endingAfter position: Int) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid].bytes.upperBound <= position { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

import Foundation

/// A sticker code found in plain text: its bytes (brackets included) and the
/// catalog entry it names.
struct StickerSpan: Hashable, Sendable {
    let bytes: Range<Int>
    let entry: Int
}

/// Finds sticker codes in UTF-8 bytes in one pass.
///
/// The scan jumps from `]` to `]` (memchr) and looks back for the nearest `[`
/// on the same line, so the innermost bracket pair wins: `[[微笑]` and
/// `[abc [哈哈]` both find the sticker, where the originals' lazy regex
/// `\[.+?\]` matched from the first `[` and found nothing. A code never spans
/// a line break, and only brackets as long as the longest code are looked up.
enum StickerScanner {
    /// The start of a known code whose `]` is at `close`, and its entry.
    @inline(__always)
    static func code(closingAt close: Int, in p: UnsafeRawBufferPointer, floor: Int, catalog: StickerCatalog) -> (start: Int, entry: Int)? {
        let limit = max(floor, close - 1 - catalog.maxContentLength)
        var j = close - 1
        while j >= limit {
            let b = p[j]
            if b == UInt8(ascii: "[") {
                guard let entry = catalog.entryIndex(content: UnsafeRawBufferPointer(rebasing: p[(j + 1) ..< close])) else { return nil }
                return (j, entry)
            }
            if b == UInt8(ascii: "]") || b == 0x0A || b == 0x0D { return nil }
            j -= 1
        }
        return nil
    }

    /// The next `]` at or after `from`, or nil.
    @inline(__always)
    static func nextClose(from: Int, in p: UnsafeRawBufferPointer) -> Int? {
        guard from < p.count, let base = p.baseAddress else { return nil }
        guard let hit = memchr(base + from, Int32(UInt8(ascii: "]")), p.count - from) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    static func spans(in p: UnsafeRawBufferPointer, catalog: StickerCatalog) -> [StickerSpan] {
        var spans: [StickerSpan] = []
        var floor = 0
        var from = 0
        while let close = nextClose(from: from, in: p) {
            if let (start, entry) = code(closingAt: close, in: p, floor: floor, catalog: catalog) {
                spans.append(StickerSpan(bytes: start ..< close + 1, entry: entry))
                floor = close + 1
            }
            from = close + 1
        }
        return spans
    }
}

import Foundation

/// Finds sticker codes in UTF-8 bytes in one pass.
///
/// The scan jumps from `]` to `]` (memchr) and looks back for the nearest `[`
/// on the same line, so the innermost bracket pair wins: `[[微笑]` and
/// `[abc [哈哈]` both find the sticker, where the originals' lazy regex
/// `\[.+?\]` matched from the first `[` and found nothing. A code never spans
/// a line break, and only brackets as long as the longest code are looked up.
enum StickerScanner {
    // The code rule, in one place. A code is `[`, then the bytes of a known
    // code's content, then `]`:
    // - innermost: a `]` closes the nearest `[` before it;
    // - on one line: a `\n` or `\r` between the brackets breaks it;
    // - no longer than the catalog's longest content.
    // (No code holds a line break or runs past the longest, so those two
    // only bound the look: a stray `[` far back or lines up is never read.)
    // - codes never overlap: a scan resumes after the last code's `]` (`floor`).
    // The renderer's fused loop applies the same rule inline for speed;
    // PropertyTests checks that it finds exactly these spans.

    /// Whether `byte` ends a look for a code's other bracket.
    @inline(__always)
    static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// The `[` that a `]` at `close` would pair with, at or after `floor`: the
    /// nearest one, within the longest code's reach and on the same line.
    @inline(__always)
    static func openBracket(before close: Int, in utf8: UnsafeRawBufferPointer, floor: Int, catalog: StickerCatalog)
        -> Int?
    {
        let limit = max(floor, close - 1 - catalog.maxContentLength)
        var j = close - 1
        while j >= limit {
            let byte = utf8[j]
            if byte == UInt8(ascii: "[") { return j }
            if byte == UInt8(ascii: "]") || isLineBreak(byte) { return nil }
            j -= 1
        }
        return nil
    }

    /// The `]` that a `[` just before `from` would pair with: the nearest
    /// one at or after `from`, within reach and on the same line.
    static func closeBracket(from: Int, in utf8: UnsafeRawBufferPointer, catalog: StickerCatalog) -> Int? {
        var j = from
        while j < min(utf8.count, from + catalog.maxContentLength + 1) {
            let byte = utf8[j]
            if byte == UInt8(ascii: "]") { return j }
            if byte == UInt8(ascii: "[") || isLineBreak(byte) { return nil }
            j += 1
        }
        return nil
    }

    /// The start of a known code whose `]` is at `close`, and its entry.
    @inline(__always)
    static func code(closingAt close: Int, in utf8: UnsafeRawBufferPointer, floor: Int, catalog: StickerCatalog) -> (
        start: Int, entry: Int
    )? {
        guard let open = openBracket(before: close, in: utf8, floor: floor, catalog: catalog),
            let entry = catalog.entryIndex(content: UnsafeRawBufferPointer(rebasing: utf8[(open + 1)..<close]))
        else { return nil }
        return (open, entry)
    }

    /// The next `]` at or after `from`, or nil.
    @inline(__always)
    static func nextClose(from: Int, in utf8: UnsafeRawBufferPointer) -> Int? {
        guard from < utf8.count, let base = utf8.baseAddress else { return nil }
        guard let hit = memchr(base + from, Int32(UInt8(ascii: "]")), utf8.count - from) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    static func spans(in utf8: UnsafeRawBufferPointer, catalog: StickerCatalog) -> [StickerSpan] {
        var spans: [StickerSpan] = []
        var floor = 0
        var from = 0
        while let close = nextClose(from: from, in: utf8) {
            if let (start, entry) = code(closingAt: close, in: utf8, floor: floor, catalog: catalog) {
                // Room for a message's few codes at once: one allocation, not four.
                if spans.isEmpty { spans.reserveCapacity(8) }
                spans.append(StickerSpan(bytes: start..<close + 1, entry: entry))
                floor = close + 1
            }
            from = close + 1
        }
        return spans
    }
}

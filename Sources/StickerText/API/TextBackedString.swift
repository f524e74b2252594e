/// Plain text with `[tag]` codes, seen the way the user sees it: each known
/// code is one sticker, counting 1 in display offsets.
///
/// This is the model behind PPStickerKeyboard's `pp_plainTextForRange`, made
/// exact: display offsets convert to plain-text positions and back in either
/// unit, and every range is snapped to whole units (a sticker, or a grapheme
/// cluster) before anything is cut, copied or deleted.
///
/// Internally a position is a byte offset into the plain text's UTF-8, always
/// at a scalar boundary.
public struct TextBackedString: Sendable {
    public let text: String
    public let catalog: StickerCatalog
    let bytes: [UInt8]
    let spans: [StickerSpan]

    public init(_ text: String, catalog: StickerCatalog = .default) {
        self.init(text: text, bytes: Array(text.utf8), catalog: catalog)
    }

    /// From bytes known to be valid UTF-8 (joined from valid pieces at scalar boundaries).
    init(validUTF8 bytes: [UInt8], catalog: StickerCatalog) {
        self.init(text: String(decoding: bytes, as: UTF8.self), bytes: bytes, catalog: catalog)
    }

    private init(text: String, bytes: [UInt8], catalog: StickerCatalog) {
        self.text = text
        self.catalog = catalog
        self.bytes = bytes
        spans = bytes.withUnsafeBytes { StickerScanner.spans(in: $0, catalog: catalog) }
    }

    /// The stickers in the text, in order (a program reads them, with their
    /// ranges, in `counts().stickers`).
    package var stickers: [(code: String, entry: StickerCatalog.Entry)] {
        spans.map { (catalog.entries[$0.entry].code, catalog.entries[$0.entry]) }
    }

    // MARK: - Items: text runs and stickers, in order

    /// Calls `body` for each text run (entry nil) and sticker, in order,
    /// with the display offset of its start; `body` returns false to stop.
    @inline(__always)
    func forEachItem(_ body: (Range<Int>, _ sticker: Int?) -> Bool) {
        var position = 0
        for span in spans {
            if position < span.bytes.lowerBound, !body(position..<span.bytes.lowerBound, nil) { return }
            if !body(span.bytes, span.entry) { return }
            position = span.bytes.upperBound
        }
        if position < bytes.count { _ = body(position..<bytes.count, nil) }
    }

    /// The sticker span containing `position` strictly inside, or starting/ending there.
    func span(containing position: Int) -> StickerSpan? {
        let next = spans.firstIndex(endingAfter: position)
        guard next < spans.count, spans[next].bytes.lowerBound < position else { return nil }
        return spans[next]
    }

    /// The text run around `position` (between stickers).
    func run(around position: Int) -> Range<Int> {
        let next = spans.firstIndex(endingAfter: position)
        let start = next > 0 ? spans[next - 1].bytes.upperBound : 0
        let end = next < spans.count ? spans[next].bytes.lowerBound : bytes.count
        return start..<end
    }

    // MARK: - Lengths

    func displayLength(of run: Range<Int>, unit: TextRange.Unit, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        switch unit {
        case .utf16:
            return UTF8Bytes.utf16Count(utf8, run)
        case .grapheme:
            var n = 0
            GraphemeSegmentation.forEachCluster(in: run, of: utf8) { _, _ in
                n += 1
                return true
            }
            return n
        }
    }

    /// The length the user sees: stickers count 1.
    public func displayLength(unit: TextRange.Unit) -> Int {
        displayOffset(ofPosition: bytes.count, unit: unit)
    }

    // MARK: - Conversions

    /// The plain-text position of a display offset; nil if out of range.
    /// An offset inside a surrogate pair gives a position inside the scalar:
    /// callers snap it to whole units, down for a start and up for an end.
    func position(ofDisplayOffset offset: Int, unit: TextRange.Unit) -> Int? {
        guard offset >= 0 else { return nil }
        if offset == 0 { return 0 }
        var result: Int?
        var acc = 0
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if sticker != nil {
                    acc += 1
                    if acc == offset {
                        result = range.upperBound
                        return false
                    }
                    return true
                }
                switch unit {
                case .utf16:
                    var i = range.lowerBound
                    // Whole words while they end short of the offset (see UTF8Bytes.utf16Count) …
                    if let base = utf8.baseAddress {
                        let raw = UnsafeRawPointer(base)
                        while i &+ 8 <= range.upperBound {
                            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            let units = 8 &- UTF8Bytes.continuationBytes(w) &+ UTF8Bytes.fourByteLeads(w)
                            if acc &+ units >= offset { break }
                            acc &+= units
                            i &+= 8
                        }
                        // … which may stop inside a scalar already counted.
                        while i < range.upperBound && UTF8Bytes.isContinuation(utf8[i]) { i &+= 1 }
                        if acc == offset {
                            result = i
                            return false
                        }
                    }
                    while i < range.upperBound {
                        let n = UTF8Bytes.sequenceLength(utf8[i])
                        let units = n == 4 ? 2 : 1
                        // Inside a surrogate pair: a byte inside the scalar, which snapping rounds either way.
                        if acc + units > offset {
                            result = i + 1
                            return false
                        }
                        acc += units
                        i += n
                        if acc == offset {
                            result = i
                            return false
                        }
                    }
                case .grapheme:
                    GraphemeSegmentation.forEachCluster(in: range, of: utf8) { cluster, _ in
                        acc += 1
                        if acc == offset {
                            result = cluster.upperBound
                            return false
                        }
                        return true
                    }
                    if result != nil { return false }
                }
                return true
            }
        }
        return result
    }

    /// The display offset of a plain-text position (a position inside a
    /// sticker counts as its start).
    func displayOffset(ofPosition position: Int, unit: TextRange.Unit) -> Int {
        var acc = 0
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if range.lowerBound >= position { return false }
                if sticker != nil {
                    if range.upperBound <= position { acc += 1 }
                    return range.upperBound < position
                }
                let end = min(range.upperBound, position)
                acc += displayLength(of: range.lowerBound..<end, unit: unit, in: utf8)
                return end < position
            }
        }
        return acc
    }

    /// The UTF-16 offset of a position in the plain text.
    func plainUTF16Offset(ofPosition position: Int) -> Int {
        bytes.withUnsafeBufferPointer { UTF8Bytes.utf16Count($0, 0..<position) }
    }

    // MARK: - Whole units

    /// The unit boundary at or before `position`.
    func snapDown(_ position: Int) -> Int {
        if let span = span(containing: position) { return span.bytes.lowerBound }
        return bytes.withUnsafeBufferPointer {
            GraphemeSegmentation.boundary(atOrBefore: position, in: run(around: position), of: $0)
        }
    }

    /// The unit boundary at or after `position`.
    func snapUp(_ position: Int) -> Int {
        if let span = span(containing: position) { return span.bytes.upperBound }
        return bytes.withUnsafeBufferPointer {
            GraphemeSegmentation.boundary(atOrAfter: position, in: run(around: position), of: $0)
        }
    }

    /// The whole unit (sticker or grapheme cluster) that ends at `position`, a boundary.
    func unit(before position: Int) -> Range<Int>? {
        guard position > 0 else { return nil }
        if let span = span(containing: position - 1) {
            return span.bytes
        }
        let start = bytes.withUnsafeBufferPointer {
            GraphemeSegmentation.boundary(atOrBefore: position - 1, in: run(around: position - 1), of: $0)
        }
        return start..<position
    }

    /// The whole unit that starts at `position`, a boundary.
    func unit(after position: Int) -> Range<Int>? {
        guard position < bytes.count else { return nil }
        if let span = span(containing: position + 1) { return span.bytes }
        let end = bytes.withUnsafeBufferPointer {
            GraphemeSegmentation.boundary(atOrAfter: position + 1, in: run(around: position), of: $0)
        }
        return position..<end
    }

    /// The boundary `count` whole units after `position` (a boundary), or
    /// the text's end. The text after it is segmented once, as far as the
    /// move goes: stepping unit by unit segmented a run of emoji again at
    /// each step, so a move across 20,000 of them was quadratic.
    func position(movingForward count: Int, from position: Int) -> Int {
        guard count > 0 else { return position }
        var remaining = count
        var result = position
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if range.upperBound <= position { return true }
                if sticker != nil {
                    result = range.upperBound
                    remaining -= 1
                    return remaining > 0
                }
                // A boundary is a true cluster boundary: segmenting may start there.
                GraphemeSegmentation.forEachCluster(in: max(range.lowerBound, position)..<range.upperBound, of: utf8) {
                    cluster, _ in
                    result = cluster.upperBound
                    remaining -= 1
                    return remaining > 0
                }
                return remaining > 0
            }
        }
        return result
    }

    /// The boundary `count` whole units before `position` (a boundary), or
    /// 0. Each run is segmented once, from its start (segmentation only runs
    /// forward), as far back as the move goes.
    func position(movingBackward count: Int, from position: Int) -> Int {
        var remaining = count
        var result = position
        var starts: [Int] = []
        bytes.withUnsafeBufferPointer { utf8 in
            while remaining > 0 && result > 0 {
                if let span = span(containing: result - 1) {
                    result = span.bytes.lowerBound
                    remaining -= 1
                    continue
                }
                let run = run(around: result - 1)
                starts.removeAll(keepingCapacity: true)
                GraphemeSegmentation.forEachCluster(in: run.lowerBound..<result, of: utf8) { cluster, _ in
                    starts.append(cluster.lowerBound)
                    return true
                }
                if remaining >= starts.count {
                    remaining -= starts.count
                    result = run.lowerBound
                } else {
                    result = starts[starts.count - remaining]
                    remaining = 0
                }
            }
        }
        return result
    }

    /// Byte positions of a display range, widened to whole units (a caret snaps
    /// to the start of its unit); nil if out of range.
    func positions(of range: TextRange, unit: TextRange.Unit) -> Range<Int>? {
        // An end past Int.max is out of range like any other, not a crash.
        let (endOffset, overflow) = range.location.addingReportingOverflow(range.length)
        guard range.length >= 0, !overflow, let start = position(ofDisplayOffset: range.location, unit: unit),
            let end = position(ofDisplayOffset: endOffset, unit: unit)
        else { return nil }
        // A caret inside a unit moves to its start; a selection widens outward.
        let lower = snapDown(start)
        return lower..<(range.length == 0 ? lower : snapUp(end))
    }

    /// Like `pp_plainTextForRange`: the plain text (with codes) of a display range,
    /// widened to whole units so half a sticker or half an emoji is never returned.
    public func plainText(in range: TextRange, unit: TextRange.Unit) -> String? {
        positions(of: range, unit: unit).map { substring($0) }
    }

    /// Converts a display offset from one unit to the other (snapped down to a whole unit).
    public func convert(_ offset: Int, from: TextRange.Unit, to: TextRange.Unit) -> Int? {
        position(ofDisplayOffset: offset, unit: from).map { displayOffset(ofPosition: snapDown($0), unit: to) }
    }

    /// The display range of a plain-text UTF-16 range (widened to whole units).
    public func displayRange(ofPlainUTF16 range: TextRange, unit: TextRange.Unit) -> TextRange? {
        let utf16 = text.utf16
        guard range.location >= 0, range.length >= 0, range.length <= utf16.count - range.location else { return nil }
        let start = utf16.index(utf16.startIndex, offsetBy: range.location)
        let end = utf16.index(start, offsetBy: range.length)
        let a = snapDown(text.utf8.distance(from: text.utf8.startIndex, to: start))
        let b = snapUp(text.utf8.distance(from: text.utf8.startIndex, to: end))
        let location = displayOffset(ofPosition: a, unit: unit)
        return TextRange(location: location, length: displayOffset(ofPosition: b, unit: unit) - location)
    }

    func substring(_ positions: Range<Int>) -> String {
        String(decoding: bytes[positions], as: UTF8.self)
    }

    func index(_ position: Int) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: position)
    }
}

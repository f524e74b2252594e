/// Where an insert is cut to fit the policy's `maxLength`: the rule, in
/// time linear in the text (docs/model.md, "Limits").
///
/// An insert is cut only if the text it would make does not fit. Then it
/// keeps the longest prefix of its whole units (stickers and grapheme
/// clusters, as the inserted text alone is cut) whose *estimate* fits: the
/// length of the text before the insertion point plus the prefix, taken on
/// its own, plus the text after the insertion point, taken on its own. That
/// is the exact length whenever nothing joins across the end of the prefix,
/// and never less than it in any mode but `weighted` (clusters that merge
/// there only count less), so one count of the result confirms it. A prefix
/// at whose end a sticker code would form with the text after is never
/// kept by the estimate.
///
/// Under `weighted`, a prefix's own URLs are not counted afresh for each
/// candidate (that made a paste's cut cubic): the estimate takes the URLs of
/// the text up to the end of the whole insert, each weighing 23 once the
/// prefix reaches its end and as plain text before that. The result is then
/// counted whole. If it does not fit (the cut, or the text after it, changed
/// a URL), the insert is cut instead at the last unit that ends in a space
/// or punctuation that no URL can hold, or in a sticker, where the estimate
/// is exact, and that result is counted too.
enum InsertCut {
    enum Outcome: Equatable {
        /// The whole insert fits.
        case whole
        /// The text without the insert is over the limit already: nothing goes in.
        case alreadyOver
        /// The bytes of the insert that are kept (a prefix of whole units, maybe none).
        case cut(keeping: Int)
    }

    static func fit(
        _ piece: TextBackedString, into string: TextBackedString, replacing range: Range<Int>,
        policy: InputPolicy, maxLength max: Int
    ) -> Outcome {
        func length(keeping bytes: Int) -> Int {
            string.replacing(range, with: piece.substring(0..<bytes)).length(policy: policy)
        }
        // An empty insert drops nothing, whatever the length.
        if piece.bytes.isEmpty || length(keeping: piece.bytes.count) <= max { return .whole }
        if length(keeping: 0) > max { return .alreadyOver }

        let catalog = string.catalog
        let unitEnds = piece.unitEnds()
        let left = range.lowerBound
        // The text up to the end of the whole insert, and the text after it, each on its own.
        let upToInsertEnd = TextBackedString(validUTF8: Array(string.bytes[..<left]) + piece.bytes, catalog: catalog)
        let after = TextBackedString(validUTF8: Array(string.bytes[range.upperBound...]), catalog: catalog)
        let junctions = [left] + unitEnds.map { left + $0 }
        let prefixes = upToInsertEnd.prefixLengthEstimates(at: junctions, policy: policy)
        let afterLength = after.length(policy: policy)
        let closeAfter = after.bytes.withUnsafeBytes { StickerScanner.closeBracket(from: 0, in: $0, catalog: catalog) }
        /// The estimate of keeping `junction` units; nil where a code would form at their end.
        let estimates: [Int?] = junctions.indices.map { junction in
            if let close = closeAfter,
                upToInsertEnd.wouldFormCode(endingAt: junctions[junction], withFirst: close, of: after)
            {
                return nil
            }
            return prefixes[junction] + afterLength
        }
        func bytes(_ junction: Int) -> Int { junction == 0 ? 0 : unitEnds[junction - 1] }

        // The longest prefix whose estimate fits; none (0) always fits, since the text without the insert does.
        let estimated = (1..<unitEnds.count).last { estimates[$0].map { $0 <= max } ?? false } ?? 0
        if estimated == 0 || length(keeping: bytes(estimated)) <= max { return .cut(keeping: bytes(estimated)) }

        // Where the estimate is exact: after a sticker or a stop (`TwitterURLs.isStop`),
        // before the end of the text or a sticker or a stop, where nothing joins and no URL reaches across.
        let afterStartsClean =
            after.bytes.isEmpty || after.spans.first?.bytes.lowerBound == 0 || after.startsWithStop(at: 0)
        func isExact(_ junction: Int) -> Bool {
            let start = bytes(junction - 1)
            let end = bytes(junction)
            return afterStartsClean && estimates[junction] != nil
                && (piece.span(containing: end - 1)?.bytes == start..<end
                    || (piece.startsWithStop(at: start) && piece.scalarEnd(at: start) == end))
        }
        let exact = (1..<estimated).last { isExact($0) && estimates[$0]! <= max } ?? 0
        return .cut(keeping: exact > 0 && length(keeping: bytes(exact)) <= max ? bytes(exact) : 0)
    }
}

extension TextBackedString {
    /// The end of each whole unit (sticker or grapheme cluster), in order.
    func unitEnds() -> [Int] {
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if sticker != nil {
                    ends.append(range.upperBound)
                } else {
                    GraphemeSegmentation.forEachCluster(in: range, of: utf8) { cluster, _ in
                        ends.append(cluster.upperBound)
                        return true
                    }
                }
                return true
            }
        }
        return ends
    }

    /// Whether the scalar at `position` is a stop no URL holds (`TwitterURLs.isStop`).
    func startsWithStop(at position: Int) -> Bool {
        position < bytes.count
            && bytes.withUnsafeBufferPointer { TwitterURLs.isStop(UTF8Bytes.scalar(at: position, in: $0)) }
    }

    /// The end of the scalar at `position`.
    func scalarEnd(at position: Int) -> Int {
        bytes.withUnsafeBufferPointer { position + UTF8Bytes.sequenceLength($0[position]) }
    }

    /// Whether the `[` left open before `position` and the first `]` of
    /// `after` (at `close`) would make a known code, were `after` to follow
    /// the text up to `position`.
    func wouldFormCode(endingAt position: Int, withFirst close: Int, of after: TextBackedString) -> Bool {
        guard
            let open = bytes.withUnsafeBytes({
                StickerScanner.openBracket(before: position, in: $0, floor: 0, catalog: catalog)
            }),
            position - open - 1 + close <= catalog.maxContentLength
        else { return false }
        let content = Array(bytes[(open + 1)..<position]) + after.bytes[..<close]
        return content.withUnsafeBytes { catalog.entryIndex(content: $0) != nil }
    }

    /// For each position (ascending, at scalar boundaries), the estimated
    /// length under `policy` of the text before it taken on its own: the
    /// units (stickers and clusters) before it, and the one it cuts measured
    /// as text from its start. Exact in every mode but `weighted` but where
    /// a cut sticker's text joins the text before it; under `weighted`, the
    /// URLs are those of the whole text, each adding 23 in place of its
    /// clusters' weight once a position reaches its end.
    func prefixLengthEstimates(at positions: [Int], policy: InputPolicy) -> [Int] {
        let units = unitLengths(policy: policy)
        var urls: [(end: Int, change: Int)] = []
        if policy.countMode == .weighted {
            // Each URL's weight in place of its clusters', found by where its clusters end.
            var before = [0]
            before.reserveCapacity(units.count + 1)
            for unit in units { before.append(before[before.count - 1] + unit.length) }
            func unitsBefore(_ position: Int) -> Int {
                var lo = 0
                var hi = units.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if units[mid].end <= position { lo = mid + 1 } else { hi = mid }
                }
                return before[lo]
            }
            bytes.withUnsafeBufferPointer { utf8 in
                forEachItem { range, sticker in
                    if sticker == nil {
                        for url in TwitterURLs.spans(in: range, of: utf8) {
                            urls.append(
                                (
                                    url.upperBound,
                                    TwitterURLs.urlWeight / 100
                                        - (unitsBefore(url.upperBound) - unitsBefore(url.lowerBound))
                                ))
                        }
                    }
                    return true
                }
            }
        }
        var estimates: [Int] = []
        estimates.reserveCapacity(positions.count)
        var total = 0
        var unit = 0
        var unitStart = 0
        var url = 0
        bytes.withUnsafeBufferPointer { utf8 in
            for position in positions {
                while unit < units.count && units[unit].end <= position {
                    total += units[unit].length
                    unitStart = units[unit].end
                    unit += 1
                }
                while url < urls.count && urls[url].end <= position {
                    total += urls[url].change
                    url += 1
                }
                let cut =
                    unitStart < position ? Self.measure(unitStart..<position, in: utf8).value(in: policy.countMode) : 0
                estimates.append(total + cut)
            }
        }
        return estimates
    }
}

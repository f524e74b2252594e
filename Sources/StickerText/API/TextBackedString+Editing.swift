extension TextBackedString {
    /// The text after `operation`, under `policy`: a pure function of (text,
    /// selection, operation, policy), as the state and transaction of an
    /// editor. `selection` (in `unit`s) nil is a caret at the end of the text.
    /// Throws `invalidPolicy`, `selectionOutOfRange` or `unknownSticker`; a
    /// policy's refusal is an answer, not an error (`EditResult.rejected`).
    public func applying(
        _ operation: EditOperation, selection: TextRange?, unit: TextRange.Unit = .utf16,
        policy: InputPolicy = .unlimited
    ) throws(InputError) -> EditResult {
        if let problem = policy.validationProblem { throw .invalidPolicy(problem) }
        return try TextEditor(policy: policy).apply(
            operation, to: self, selection: selection, unit: unit)
    }

    /// Each whole unit's end position and its length under `policy`.
    func unitLengths(policy: InputPolicy) -> [(end: Int, length: Int)] {
        var units: [(end: Int, length: Int)] = []
        // Under `weighted`, a cluster that is not simple nor an emoji weighs as its NFC form.
        var weigher = LengthCounting.NFCWeigher()
        let weighted = policy.countMode == .weighted
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if let sticker {
                    let lengths = policy.stickerWeight.map(TextLengths.uniform) ?? catalog.entries[sticker].lengths
                    units.append((range.upperBound, lengths.value(in: policy.countMode)))
                } else {
                    GraphemeSegmentation.forEachCluster(in: range, of: utf8) { cluster, simple in
                        let emoji = !simple && EmojiClassifier.isEmoji(cluster, in: utf8)
                        let lengths = LengthCounting.lengths(ofCluster: cluster, in: utf8, simple: simple, emoji: emoji)
                        if weighted && LengthCounting.needsNFC(simple: simple, emoji: emoji) {
                            units.append((cluster.upperBound, weigher.weight(of: cluster, in: utf8) / 100))
                        } else {
                            units.append((cluster.upperBound, lengths.value(in: policy.countMode)))
                        }
                        return true
                    }
                }
                return true
            }
        }
        return units
    }

    /// The text with `range` (byte positions) replaced, built from bytes in one pass.
    func replacing(_ range: Range<Int>, with replacement: String) -> TextBackedString {
        var new: [UInt8] = []
        new.reserveCapacity(bytes.count - range.count + replacement.utf8.count)
        new += bytes[..<range.lowerBound]
        new += replacement.utf8
        new += bytes[range.upperBound...]
        return TextBackedString(validUTF8: new, catalog: catalog)
    }

    /// The text without the given byte ranges (sorted, disjoint, at scalar boundaries), built in one pass.
    func removing(_ ranges: [Range<Int>]) -> TextBackedString {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var from = 0
        for range in ranges {
            kept += bytes[from..<range.lowerBound]
            from = range.upperBound
        }
        kept += bytes[from...]
        return TextBackedString(validUTF8: kept, catalog: catalog)
    }

    /// The emoji clusters that overlap `range` (byte positions).
    func emojiClusters(overlapping range: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        guard !range.isEmpty else { return found }
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { item, sticker in
                if item.lowerBound >= range.upperBound { return false }
                guard sticker == nil, item.upperBound > range.lowerBound else { return true }
                GraphemeSegmentation.forEachCluster(in: item, of: utf8) { cluster, simple in
                    if cluster.lowerBound >= range.upperBound { return false }
                    if cluster.upperBound > range.lowerBound, !simple, EmojiClassifier.isEmoji(cluster, in: utf8) {
                        found.append(cluster)
                    }
                    return true
                }
                return true
            }
        }
        return found
    }

    /// A position range as a display range.
    func displayRange(of range: Range<Int>, unit: TextRange.Unit) -> TextRange {
        let start = displayOffset(ofPosition: range.lowerBound, unit: unit)
        return TextRange(location: start, length: displayOffset(ofPosition: range.upperBound, unit: unit) - start)
    }

    /// A position range as plain UTF-16 offsets.
    func plainUTF16Range(of range: Range<Int>) -> TextRange {
        let start = plainUTF16Offset(ofPosition: range.lowerBound)
        return TextRange(location: start, length: plainUTF16Offset(ofPosition: range.upperBound) - start)
    }
}

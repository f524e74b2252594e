extension TextBackedString {
    /// Each whole unit's end position and its length under `policy`.
    func unitLengths(policy: InputPolicy) -> [(end: Int, length: Int)] {
        var units: [(end: Int, length: Int)] = []
        // Under `weighted`, the units weighed by their NFC form, in one batch (see `nfcWeights`).
        var unweighed: [(unit: Int, cluster: Range<Int>)] = []
        let weighted = policy.countMode == .weighted
        bytes.withUnsafeBufferPointer { p in
            forEachItem { range, sticker in
                if sticker != nil {
                    let lengths = policy.stickerWeight.map(TextLengths.uniform) ?? measure(range, in: p)
                    units.append((range.upperBound, lengths.value(in: policy.countMode)))
                } else {
                    GraphemeSegmentation.forEachCluster(in: range, of: p) { cluster, simple in
                        let emoji = !simple && EmojiClassifier.isEmoji(cluster, in: p)
                        let lengths = LengthCounting.lengths(ofCluster: cluster, in: p, simple: simple, emoji: emoji)
                        if weighted && LengthCounting.needsNFC(simple: simple, emoji: emoji) {
                            unweighed.append((units.count, cluster))
                        }
                        units.append((cluster.upperBound, lengths.value(in: policy.countMode)))
                        return true
                    }
                }
                return true
            }
            for (weight, unit) in zip(LengthCounting.nfcWeights(of: unweighed.map(\.cluster), in: p), unweighed.map(\.unit)) {
                units[unit].length = weight / 100
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

    /// Whether putting `piece` in place of `range` certainly forms no new
    /// sticker and joins no grapheme cluster across the two junctions, so
    /// that lengths simply add up. False means "maybe": the caller recounts.
    func cannotJoin(_ piece: String, replacing range: Range<Int>) -> Bool {
        let pieceBytes = Array(piece.utf8)
        return bytes.withUnsafeBufferPointer { p in
            // A new code across a junction needs a `[` left open just before
            // the piece or a `]` just after it (codes inside the piece were
            // already units of its own).
            let raw = UnsafeRawBufferPointer(p)
            let openBefore = StickerScanner.openBracket(before: range.lowerBound, in: raw, floor: 0, catalog: catalog) != nil
            let closeAfter = StickerScanner.closeBracket(from: range.upperBound, in: raw, catalog: catalog) != nil
            if openBefore && (closeAfter || pieceBytes.contains(UInt8(ascii: "]"))) { return false }
            if closeAfter && pieceBytes.contains(UInt8(ascii: "[")) { return false }
            // A junction is a certain cluster boundary when the scalar on its
            // right is simple and the one on its left is simple or ends an
            // emoji (no rule joins an emoji, a modifier or U+FE0F to a simple
            // scalar after it; a regional indicator or ZWJ may join).
            func right(_ c: UInt32) -> Bool { GraphemeSegmentation.isSimple(c) }
            func left(_ c: UInt32) -> Bool {
                if GraphemeSegmentation.isSimple(c) { return true }
                if c == 0x200D || (0x1F1E6...0x1F1FF).contains(c) { return false }
                guard let scalar = Unicode.Scalar(c) else { return false }
                return scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier || c == 0xFE0F || c == 0x20E3
            }
            let before = range.lowerBound > 0 ? UTF8Bytes.scalar(at: UTF8Bytes.scalarStart(before: range.lowerBound, in: p), in: p) : 0x20
            let after = range.upperBound < p.count ? UTF8Bytes.scalar(at: range.upperBound, in: p) : 0x20
            guard let first = piece.unicodeScalars.first?.value, let last = piece.unicodeScalars.last?.value else {
                return left(before) && right(after)
            }
            return left(before) && right(first) && left(last) && right(after)
        }
    }

    /// The text with the given plain UTF-16 ranges (sorted, disjoint) removed.
    init(removing ranges: [TextRange], from string: TextBackedString) {
        var text = ""
        let utf16 = string.text.utf16
        var from = utf16.startIndex
        for range in ranges {
            let start = utf16.index(utf16.startIndex, offsetBy: range.location)
            text += String(string.text[from ..< start])
            from = utf16.index(start, offsetBy: range.length)
        }
        text += String(string.text[from...])
        self.init(text, catalog: string.catalog)
    }

    /// A position range as a display range.
    func displayRange(of range: Range<Int>, unit: OffsetUnit) -> TextRange {
        let start = displayOffset(ofPosition: range.lowerBound, unit: unit)
        return TextRange(location: start, length: displayOffset(ofPosition: range.upperBound, unit: unit) - start)
    }

    /// A position range as plain UTF-16 offsets.
    func plainUTF16Range(of range: Range<Int>) -> TextRange {
        let start = plainUTF16Offset(ofPosition: range.lowerBound)
        return TextRange(location: start, length: plainUTF16Offset(ofPosition: range.upperBound) - start)
    }
}

extension TextBackedString {
    /// Counts the text under `policy`. A sticker counts as its code's text
    /// unless the policy gives a `stickerWeight`.
    public func counts(policy: InputPolicy = .unlimited) -> TextCounts {
        var total = TextLengths()
        var emoji: [TextCounts.FoundEmoji] = []
        var stickers: [TextCounts.FoundSticker] = []
        stickers.reserveCapacity(spans.count)
        var utf16 = 0
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if let sticker {
                    let lengths = measure(range, in: utf8)
                    stickers.append(
                        .init(entry: sticker, in: catalog, range: TextRange(location: utf16, length: lengths.utf16)))
                    total = total + (policy.stickerWeight.map(TextLengths.uniform) ?? lengths)
                    utf16 += lengths.utf16
                } else {
                    var lengths = measure(range, in: utf8, utf16Start: utf16) { cluster, at in
                        if emoji.isEmpty { emoji.reserveCapacity(8) }
                        emoji.append(
                            .init(
                                emoji: String(decoding: UnsafeBufferPointer(rebasing: utf8[cluster]), as: UTF8.self),
                                range: TextRange(location: at, length: UTF8Bytes.utf16Count(utf8, cluster))))
                    }
                    if let weight = LengthCounting.weightWithURLs(range, in: utf8) { lengths.weight = weight }
                    total = total + lengths
                    utf16 += lengths.utf16
                }
                return true
            }
        }
        let length = total.value(in: policy.countMode)
        var violations: [InputPolicy.Violation] = []
        if let max = policy.maxLength, length > max { violations.append(.maxLength) }
        if policy.emoji == .reject, !emoji.isEmpty { violations.append(.emoji) }
        if let content = policy.contentViolation(text) { violations.append(content) }
        if policy.countMode == .weighted, LengthCounting.hasInvalidCharacters(bytes) {
            violations.append(.invalidCharacters)
        }
        return TextCounts(
            graphemes: total.graphemes, utf16: total.utf16, utf8: total.utf8, gb18030: total.gb18030,
            weighted: total.weight / 100, length: length, countMode: policy.countMode, maxLength: policy.maxLength,
            stickers: stickers, emoji: emoji, valid: violations.isEmpty,
            remaining: policy.maxLength.map { $0 - length }, overBy: policy.maxLength.map { max(0, length - $0) } ?? 0,
            violations: violations)
    }

    /// Lengths of `range` as text, calling `foundEmoji` for each emoji cluster in it.
    ///
    /// Runs of simple scalars (see `GraphemeSegmentation.isSimple`) are
    /// counted in a tight loop that decodes each scalar once; only the chunks
    /// between certain boundaries that hold anything else are segmented.
    func measure(
        _ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, utf16Start: Int = 0,
        foundEmoji: (Range<Int>, Int) -> Void = { _, _ in }
    ) -> TextLengths {
        Self.measure(range, in: utf8, utf16Start: utf16Start, foundEmoji: foundEmoji)
    }

    /// `measure` of any UTF-8 buffer (it needs nothing of the string but its bytes).
    static func measure(
        _ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, utf16Start: Int = 0,
        foundEmoji: (Range<Int>, Int) -> Void = { _, _ in }
    ) -> TextLengths {
        var total = TextLengths()
        var utf16 = utf16Start
        let end = range.upperBound
        var weigher = LengthCounting.NFCWeigher()
        LengthCounting.bmpFlags.withUnsafeBufferPointer { flags in
            @inline(__always) func flag(_ scalar: UInt32) -> UInt8 { scalar < 0x10000 ? flags[Int(scalar)] : 0 }
            var i = range.lowerBound
            guard i < end else { return }
            var scalar = UTF8Bytes.scalar(at: i, in: utf8)
            var f = flag(scalar)
            while i < end {
                let n = UTF8Bytes.sequenceLength(utf8[i])
                let j = i &+ n
                let next: UInt32 = j < end ? UTF8Bytes.scalar(at: j, in: utf8) : 0x20
                let nextFlag = flag(next)
                if f & nextFlag & LengthCounting.simpleFlag != 0 {
                    // One BMP scalar that is never an emoji, a cluster of its own.
                    total.graphemes &+= 1
                    total.utf8 &+= n
                    total.gb18030 &+= scalar < 0x80 ? 1 : f & LengthCounting.gb18030TwoByteFlag != 0 ? 2 : 4
                    total.weight &+= LengthCounting.weight(scalar)
                    utf16 &+= 1
                    i = j
                    scalar = next
                    f = nextFlag
                    continue
                }
                // A chunk up to the next certain boundary, segmented properly.
                var k = j
                while k < end && !GraphemeSegmentation.isCertainBoundary(k, in: utf8) {
                    k &+= UTF8Bytes.sequenceLength(utf8[k])
                }
                GraphemeSegmentation.forEachCluster(in: i..<k, of: utf8) { cluster, simple in
                    let isEmoji = !simple && EmojiClassifier.isEmoji(cluster, in: utf8)
                    if isEmoji { foundEmoji(cluster, utf16) }
                    let lengths = LengthCounting.lengths(ofCluster: cluster, in: utf8, simple: simple, emoji: isEmoji)
                    if LengthCounting.needsNFC(simple: simple, emoji: isEmoji) {
                        total.weight += weigher.weight(of: cluster, in: utf8)
                    }
                    utf16 &+= lengths.utf16
                    total = total + lengths
                    return true
                }
                i = k
                if i < end {
                    scalar = UTF8Bytes.scalar(at: i, in: utf8)
                    f = flag(scalar)
                }
            }
        }
        total.utf16 = utf16 - utf16Start
        return total
    }

    /// The length in the policy's count mode alone, without the lists: the
    /// byte modes need no grapheme segmentation, so the editor's limit checks
    /// stay a single fast pass.
    func length(policy: InputPolicy) -> Int {
        switch policy.countMode {
        case .graphemes, .weighted:
            return lengths(policy: policy).value(in: policy.countMode)
        case .utf8, .utf16, .gb18030:
            var total = 0
            bytes.withUnsafeBufferPointer { utf8 in
                forEachItem { range, sticker in
                    if sticker != nil, let weight = policy.stickerWeight {
                        total += weight
                        return true
                    }
                    switch policy.countMode {
                    case .utf8: total += range.count
                    case .utf16: total += UTF8Bytes.utf16Count(utf8, range)
                    default: total += LengthCounting.gb18030Length(of: range, in: utf8)
                    }
                    return true
                }
            }
            return total
        }
    }

    /// Lengths of the whole text under a policy's sticker rule, without the lists.
    func lengths(policy: InputPolicy) -> TextLengths {
        var total = TextLengths()
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if sticker != nil, let weight = policy.stickerWeight {
                    total = total + .uniform(weight)
                } else {
                    var lengths = measure(range, in: utf8)
                    if sticker == nil, let weight = LengthCounting.weightWithURLs(range, in: utf8) {
                        lengths.weight = weight
                    }
                    total = total + lengths
                }
                return true
            }
        }
        return total
    }
}

extension TextBackedString {
    /// Counts the text under `policy`. A sticker counts as its code's text
    /// unless the policy gives a `stickerWeight`.
    public func counts(policy: InputPolicy = .unlimited) -> TextCounts {
        var total = TextLengths()
        var emoji: [TextCounts.Found] = []
        var stickers: [TextCounts.Found] = []
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
                    lengths.weight += LengthCounting.urlWeightChange(range, in: utf8)
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
    ///
    /// One pass gives every length. ASCII goes 8 bytes at a time: a word of
    /// ASCII without CR holds 7 clusters that each count 1 in every mode
    /// (and 100 in the weight) before its last byte. Other simple scalars
    /// are counted one by one from `bmpFlags`, one load each; the chunks
    /// with anything else are segmented.
    static func measure(
        _ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, utf16Start: Int = 0,
        foundEmoji: (Range<Int>, Int) -> Void = { _, _ in }
    ) -> TextLengths {
        var total = TextLengths()
        var utf16 = utf16Start
        let end = range.upperBound
        var weigher = LengthCounting.NFCWeigher()
        // The simple scalars' sums (but UTF-16's, which `foundEmoji` needs at once), apart from the segmented
        // clusters', so the loop adds to registers.
        var ascii = 0
        var scalars = 0
        var bytes = 0
        var gb18030 = 0
        var weight = 0
        LengthCounting.bmpFlags.withUnsafeBufferPointer { flags in
            @inline(__always) func flag(_ scalar: UInt32) -> UInt8 { scalar < 0x10000 ? flags[Int(scalar)] : 0 }
            var i = range.lowerBound
            guard i < end, let base = utf8.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var scalar = UTF8Bytes.scalar(at: i, in: utf8)
            var f = flag(scalar)
            while i < end {
                if scalar < 0x80 && i &+ 8 <= end {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let notCR = word ^ 0x0D0D_0D0D_0D0D_0D0D
                    if (word | ((notCR &- 0x0101_0101_0101_0101) & ~notCR)) & 0x8080_8080_8080_8080 == 0 {
                        ascii &+= 7
                        utf16 &+= 7
                        i &+= 7
                        scalar = UInt32(base[i])
                        f = flags[Int(scalar)]
                        continue
                    }
                }
                let n = UTF8Bytes.sequenceLength(base[i])
                let j = i &+ n
                let next: UInt32 = j < end ? UTF8Bytes.scalar(at: j, in: utf8) : 0x20
                let nextFlag = flag(next)
                if f & nextFlag & LengthCounting.simpleFlag != 0 {
                    // One BMP scalar that is never an emoji, a cluster of its own.
                    scalars &+= 1
                    utf16 &+= 1
                    bytes &+= n
                    gb18030 &+= scalar < 0x80 ? 1 : f & LengthCounting.gb18030TwoByteFlag != 0 ? 2 : 4
                    weight &+= f & LengthCounting.lightFlag != 0 ? 100 : 200
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
        total.graphemes &+= scalars &+ ascii
        total.utf8 &+= bytes &+ ascii
        total.gb18030 &+= gb18030 &+ ascii
        total.weight &+= weight &+ 100 &* ascii
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
                    if sticker == nil { lengths.weight += LengthCounting.urlWeightChange(range, in: utf8) }
                    total = total + lengths
                }
                return true
            }
        }
        return total
    }
}

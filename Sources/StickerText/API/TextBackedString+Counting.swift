extension TextBackedString {
    /// Counts the text under `policy`. A sticker counts as its code's text
    /// unless the policy gives a `stickerWeight`.
    public func counts(policy: InputPolicy = .unlimited) -> TextCounts {
        var total = TextLengths()
        var emoji: [TextCounts.Found] = []
        var stickers: [TextCounts.Found] = []
        stickers.reserveCapacity(spans.count)
        var utf16 = 0
        var urlWorkspace = TwitterURLs.Workspace()
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if let sticker {
                    let lengths = catalog.entries[sticker].lengths
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
                    lengths.weight += LengthCounting.urlWeightChange(range, in: utf8, reusing: &urlWorkspace)
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
    /// One pass gives every length. The text is read as runs of simple
    /// scalars, each of which is a cluster of its own but the run's last
    /// (the scalar after the run may join it), counted by class in a tight
    /// loop: ASCII 8 bytes at a time (each byte of a word up to its first
    /// that is not ASCII or is CR is such a cluster, counting 1 in every
    /// mode and 100 in the weight), a three-byte scalar by its block's flags
    /// where its block is alike (`threeByteBlockFlags`), the rest one load
    /// of `bmpFlags` each. The run's last scalar and what follows up to the
    /// next certain boundary are segmented.
    ///
    /// Without `weighing`, the weight is left out where it costs work (a
    /// cluster's NFC form): for a count that reads another mode.
    static func measure(
        _ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, utf16Start: Int = 0, weighing: Bool = true,
        foundEmoji: (Range<Int>, Int) -> Void = { _, _ in }
    ) -> TextLengths {
        var total = TextLengths()
        // UTF-16 units of the segmented chunks so far (the simple scalars' are their count).
        var chunkUTF16 = 0
        let end = range.upperBound
        var weigher = LengthCounting.NFCWeigher()
        // The simple scalars counted alone, by UTF-8 length (each one UTF-16 unit and one cluster), and
        // how many of the longer ones are two bytes in GB18030 and how many of the three-byte ones weigh 100
        // (every one- and two-byte scalar does), kept apart from the segmented clusters' sums so the loop
        // adds to registers.
        var ascii = 0
        var twoByte = 0
        var threeByte = 0
        var gb18030Short = 0
        var light = 0
        LengthCounting.bmpFlags.withUnsafeBufferPointer { flags in
            LengthCounting.threeByteBlockFlags.withUnsafeBufferPointer { blocks in
                var i = range.lowerBound
                guard i < end, let base = utf8.baseAddress else { return }
                let raw = UnsafeRawPointer(base)
                let simpleFlag = LengthCounting.simpleFlag
                while i < end {
                    let runStart = i
                    // The run: every scalar simple, to the first that is not (or the end).
                    while i < end {
                        let b0 = base[i]
                        if b0 < 0x80 {
                            if i &+ 8 <= end {
                                // The word's bytes before its first that is not ASCII or is CR, all at once: the
                                // lowest byte flagged is exact (a borrow flags only bytes above a CR).
                                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                                let notCR = word ^ 0x0D0D_0D0D_0D0D_0D0D
                                let stops = (word | ((notCR &- 0x0101_0101_0101_0101) & ~notCR)) & 0x8080_8080_8080_8080
                                let n = stops.trailingZeroBitCount &>> 3
                                if n == 0 { break }  // a CR
                                ascii &+= n
                                i &+= n
                                continue
                            }
                            if b0 == 0x0D { break }  // every other ASCII scalar is simple
                            ascii &+= 1
                            i &+= 1
                        } else if b0 < 0xE0 {
                            let f = flags[Int(UInt32(b0 & 0x1F) << 6 | UInt32(base[i &+ 1] & 0x3F))]
                            if f & simpleFlag == 0 { break }
                            twoByte &+= 1
                            gb18030Short &+= Int((f & LengthCounting.gb18030TwoByteFlag) >> 1)
                            i &+= 2
                        } else if b0 < 0xF0 {
                            // The block's flags when its 64 scalars are alike (`threeByteBlockFlags`), else the scalar's.
                            let block = UInt32(b0 & 0x0F) << 6 | UInt32(base[i &+ 1] & 0x3F)
                            var f = blocks[Int(block)]
                            if f == 0 {
                                f = flags[Int(block << 6 | UInt32(base[i &+ 2] & 0x3F))]
                                if f & simpleFlag == 0 { break }
                            }
                            threeByte &+= 1
                            gb18030Short &+= Int((f & LengthCounting.gb18030TwoByteFlag) >> 1)
                            light &+= Int((f & LengthCounting.lightFlag) >> 2)
                            i &+= 3
                        } else {
                            break  // beyond the BMP: never simple
                        }
                    }
                    if i >= end { break }
                    // The scalar at `i` is not simple: the run's last scalar may join it, so it is taken back and
                    // segmented with it, in a chunk up to the next certain boundary.
                    if i > runStart {
                        i = UTF8Bytes.scalarStart(before: i, in: utf8)
                        let scalar = UTF8Bytes.scalar(at: i, in: utf8)
                        if scalar < 0x80 {
                            ascii &-= 1
                        } else {
                            let f = flags[Int(scalar)]
                            gb18030Short &-= Int((f & LengthCounting.gb18030TwoByteFlag) >> 1)
                            if scalar < 0x800 {
                                twoByte &-= 1
                            } else {
                                threeByte &-= 1
                                light &-= Int((f & LengthCounting.lightFlag) >> 2)
                            }
                        }
                    }
                    var k = i &+ UTF8Bytes.sequenceLength(base[i])
                    while k < end && !GraphemeSegmentation.isCertainBoundary(k, in: utf8, flags: flags) {
                        k &+= UTF8Bytes.sequenceLength(utf8[k])
                    }
                    let simpleUTF16 = utf16Start &+ ascii &+ twoByte &+ threeByte
                    GraphemeSegmentation.forEachCluster(in: i..<k, of: utf8) { cluster, simple in
                        let isEmoji = !simple && EmojiClassifier.isEmoji(cluster, in: utf8)
                        if isEmoji { foundEmoji(cluster, simpleUTF16 &+ chunkUTF16) }
                        let lengths = LengthCounting.lengths(
                            ofCluster: cluster, in: utf8, simple: simple, emoji: isEmoji)
                        if weighing && LengthCounting.needsNFC(simple: simple, emoji: isEmoji) {
                            total.weight += weigher.weight(of: cluster, in: utf8)
                        }
                        chunkUTF16 &+= lengths.utf16
                        total = total + lengths
                        return true
                    }
                    i = k
                }
            }
        }
        let scalars = ascii &+ twoByte &+ threeByte
        total.graphemes &+= scalars
        total.utf16 &+= scalars
        total.utf8 &+= ascii &+ 2 &* twoByte &+ 3 &* threeByte
        total.gb18030 &+= ascii &+ 4 &* (twoByte &+ threeByte) &- 2 &* gb18030Short
        total.weight &+= 100 &* (ascii &+ twoByte) &+ 200 &* threeByte &- 100 &* light
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

    /// Lengths of the whole text under a policy's sticker rule, without the
    /// lists. The weight only under `weighted` (its URLs and NFC forms are
    /// most of a count's work where a text holds them): another mode's
    /// limit check reads no weight.
    func lengths(policy: InputPolicy) -> TextLengths {
        var total = TextLengths()
        var urlWorkspace = TwitterURLs.Workspace()
        let weighing = policy.countMode == .weighted
        bytes.withUnsafeBufferPointer { utf8 in
            forEachItem { range, sticker in
                if sticker != nil, let weight = policy.stickerWeight {
                    total = total + .uniform(weight)
                } else if let sticker {
                    total = total + catalog.entries[sticker].lengths
                } else {
                    var lengths = Self.measure(range, in: utf8, weighing: weighing)
                    if weighing {
                        lengths.weight += LengthCounting.urlWeightChange(range, in: utf8, reusing: &urlWorkspace)
                    }
                    total = total + lengths
                }
                return true
            }
        }
        return total
    }
}

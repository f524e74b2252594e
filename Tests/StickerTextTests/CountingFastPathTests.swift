import PropertyBased
import StickerTextTestSupport
import Testing

@testable import StickerText

/// `counts()` takes shortcuts: runs of ASCII and of simple scalars counted a
/// block at a time, URLs looked for only in windows around a dot a TLD may
/// follow. Its answers must be those of the plain rules: every grapheme
/// cluster counted on its own (`LengthCounting.lengths(ofCluster:)`, the
/// weight of its NFC form), and the URLs found in the whole run's NFC text.
struct CountingFastPathTests {
    /// Pieces that meet every path: ASCII (with CR LF), CJK, kana, Hangul and
    /// its jamo, combining marks (and `<` + U+0338, which NFC composes),
    /// emoji of every shape, the URL stops (space, tab, NBSP, U+3000, `{`)
    /// next to marks, URLs with and without a protocol, IDN and t.co ones,
    /// dots a TLD may follow or not, sticker codes known and unknown.
    static let pieces = [
        "a", "Z", "0", " ", "  ", "\t", "\n", "\r\n", "\r", ".", "/", ":", "-", "_", "@", "#", "{", "^", "(", ")", "?",
        "中", "文字", "。", "，", "．", "ｗ", "か", "カ", "한", "\u{1100}\u{1161}\u{11A8}", "\u{AC00}\u{11A8}", "─",
        "\u{A0}", "\u{3000}", "\u{85}", "é", "e\u{301}", "\u{301}", "<\u{338}", "\u{212B}", "\u{915}\u{94D}\u{937}",
        "\u{200D}", "\u{FEFF}", "\u{FE0F}", "👍", "👍🏽", "👨‍👩‍👧‍👦", "🇨🇳", "❤️", "#️⃣", "😀", "𠀀", "Ω", "й",
        "https://", "http://", "example.com", "a.co", "t.co/abc", "www.", ".com", ".中国", "例子.中国", "xn--", "é.com",
        "/path", "?q=1&b=2", ":8080", "a.b.c", "[微笑]", "[哈哈]", "[doge]", "[不存在]", "[", "]",
    ]

    static let text = Gen.int(in: 0...Int(Int32.max)).array(of: 0...60).map { seeds in
        seeds.map { pieces[$0 % pieces.count] }.joined()
    }

    /// The plain rules' lengths of `string`, its emoji and its stickers' ranges.
    static func perCluster(_ string: TextBackedString) -> (TextLengths, [TextCounts.Found], [TextRange]) {
        var total = TextLengths()
        var emoji: [TextCounts.Found] = []
        var stickers: [TextRange] = []
        string.bytes.withUnsafeBufferPointer { utf8 in
            string.forEachItem { range, sticker in
                var lengths = TextLengths()
                var weigher = LengthCounting.NFCWeigher()
                GraphemeSegmentation.forEachCluster(in: range, of: utf8) { cluster, simple in
                    let isEmoji = !simple && EmojiClassifier.isEmoji(cluster, in: utf8)
                    var one = LengthCounting.lengths(ofCluster: cluster, in: utf8, simple: simple, emoji: isEmoji)
                    if LengthCounting.needsNFC(simple: simple, emoji: isEmoji) {
                        one.weight = weigher.weight(of: cluster, in: utf8)
                    }
                    if isEmoji && sticker == nil {
                        let text = String(decoding: UnsafeBufferPointer(rebasing: utf8[cluster]), as: UTF8.self)
                        emoji.append(
                            .init(
                                emoji: text, range: TextRange(location: total.utf16 + lengths.utf16, length: one.utf16))
                        )
                    }
                    lengths = lengths + one
                    return true
                }
                var workspace = TwitterURLs.Workspace()
                if sticker == nil,
                    let weight = LengthCounting.weightWithURLs(
                        range, afterCode: range.lowerBound > 0, in: utf8, reusing: &workspace)
                {
                    lengths.weight = weight
                }
                if sticker != nil { stickers.append(TextRange(location: total.utf16, length: lengths.utf16)) }
                total = total + lengths
                return true
            }
        }
        return (total, emoji, stickers)
    }

    static func expectSameCounts(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let string = TextBackedString(text)
        let counts = string.counts()
        let (lengths, emoji, stickers) = perCluster(string)
        #expect(
            [counts.graphemes, counts.utf16, counts.utf8, counts.gb18030, counts.weighted]
                == [lengths.graphemes, lengths.utf16, lengths.utf8, lengths.gb18030, lengths.weight / 100],
            "\(text.unicodeScalars.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        #expect(counts.emoji == emoji, sourceLocation: sourceLocation)
        #expect(counts.stickers.map(\.range) == stickers, sourceLocation: sourceLocation)
        #expect(string.lengths(policy: InputPolicy(countMode: .weighted)) == lengths, sourceLocation: sourceLocation)
        // A limit check's count, of one mode alone (the weight left out of the others'), says the same.
        for mode in InputPolicy.CountMode.allCases {
            #expect(
                string.length(policy: InputPolicy(countMode: mode)) == lengths.value(in: mode),
                "\(mode)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyLengthIsThePerClusterRulesOnRandomText() async {
        await propertyCheck(count: 3000, input: Self.text) { Self.expectSameCounts($0) }
    }

    /// Long texts, so that ASCII and CJK runs reach the blocks, with URLs
    /// many windows apart and in one window.
    @Test func everyLengthIsThePerClusterRulesOnLongRuns() {
        for k in 0..<Self.pieces.count {
            let piece = Self.pieces[k]
            let other = Self.pieces[(k * 7 + 3) % Self.pieces.count]
            Self.expectSameCounts(
                String(repeating: "abcdefghij", count: 3) + piece + String(repeating: "中文字", count: 9))
            Self.expectSameCounts(String(repeating: "see x.com " + piece, count: 20) + other)
            Self.expectSameCounts(String(repeating: "x.com" + piece + other, count: 20))
        }
    }

    /// Every scalar written in three bytes (U+0800...U+FFFF), counted by its
    /// block's flags or its own (`threeByteBlockFlags`), between letters and
    /// in a run of its block: the plain rules' lengths.
    @Test func everyThreeByteScalarCountsAsThePerClusterRulesSay() {
        let scalars = (0x800...0xFFFF).compactMap(Unicode.Scalar.init)
        Self.expectSameCounts(scalars.map { "a" + String($0) }.joined())
        Self.expectSameCounts(String(String.UnicodeScalarView(scalars)))
    }

    /// Counting reads each byte a bounded number of times whatever the
    /// text: 8 times the text costs about 8 times as much, not 64 (the
    /// bound, 24, leaves room for a loaded machine). The texts: URLs a
    /// stop apart (a window each), dots with no stop between (one window
    /// as long as the text), stops next to marks (no window may end there).
    @Test func countingIsLinearInTheText() {
        // With the ideographic full stops and domains after a sticker (issue 57).
        let shapes = [
            "a.com ", "a.b", "x.y\u{301} ", "中.文 ", "e\u{301}.co\u{3000}\u{301}", "abcdefgh", "中文", "。.",
            "好。example.com ",
            "[ok]ñandu.com",
        ]
        for shape in shapes {
            func seconds(_ count: Int) -> Double {
                let string = TextBackedString(String(repeating: shape, count: count))
                return bestThreadCPUSeconds { #expect(string.counts().utf8 == count * shape.utf8.count) }
            }
            let small = seconds(2_000)
            let large = seconds(16_000)
            #expect(large / small < 24, "\(shape): \(small) s, then \(large) s")
        }
    }
}

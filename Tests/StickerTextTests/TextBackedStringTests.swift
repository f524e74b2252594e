import StickerText
import Testing

struct TextBackedStringTests {
    let string = TextBackedString("a[微笑]👍🏽b👨‍👩‍👧‍👦")

    @Test func displayLengths() {
        #expect(string.displayLength(unit: .utf16) == 1 + 1 + 4 + 1 + 11)
        #expect(string.displayLength(unit: .grapheme) == 5)
        #expect(string.stickers.map(\.code) == ["[微笑]"])
    }

    @Test func aCountFindsEachStickerWithItsTagAndPackAndEachEmojiWithNeither() {
        let counts = TextBackedString("[smile]👍🏽").counts()
        let sticker = counts.stickers.map { [$0.text, $0.tag, $0.pack] }
        #expect(
            sticker == [["[smile]", "[微笑]", "weibo"]]
                && counts.stickers.map(\.range) == [TextRange(location: 0, length: 7)])
        #expect(counts.emoji.map(\.text) == ["👍🏽"] && counts.emoji.map(\.range) == [TextRange(location: 7, length: 4)])
        #expect(counts.emoji.allSatisfy { $0.tag == nil && $0.pack == nil })
    }

    @Test func convertsBetweenUnits() {
        #expect(string.convert(2, from: .grapheme, to: .utf16) == 2)
        #expect(string.convert(3, from: .grapheme, to: .utf16) == 6)
        #expect(string.convert(6, from: .utf16, to: .grapheme) == 3)
        #expect(string.convert(18, from: .utf16, to: .grapheme) == 5)
        // Inside the skin-tone emoji: snapped down to its start.
        #expect(string.convert(4, from: .utf16, to: .grapheme) == 2)
        #expect(string.convert(19, from: .utf16, to: .grapheme) == nil)
    }

    @Test func plainTextWidensToWholeUnits() {
        #expect(string.plainText(in: TextRange(location: 1, length: 1), unit: .utf16) == "[微笑]")
        #expect(string.plainText(in: TextRange(location: 3, length: 1), unit: .utf16) == "👍🏽")
        #expect(string.plainText(in: TextRange(location: 0, length: 5), unit: .grapheme) == string.text)
        #expect(string.plainText(in: TextRange(location: 4, length: 1), unit: .grapheme) == "👨‍👩‍👧‍👦")
        #expect(string.plainText(in: TextRange(location: 4, length: 2), unit: .grapheme) == nil)
    }

    @Test func displayRangeOfPlainRange() {
        // The plain range of "微" inside the code covers the whole sticker.
        #expect(
            string.displayRange(ofPlainUTF16: TextRange(location: 2, length: 1), unit: .utf16)
                == TextRange(location: 1, length: 1))
        #expect(
            string.displayRange(ofPlainUTF16: TextRange(location: 5, length: 4), unit: .grapheme)
                == TextRange(location: 2, length: 1))
    }

    @Test func stickersInsideLongText() {
        let long = String(repeating: "你好 hello ", count: 1000) + "[哈哈]" + String(repeating: "x", count: 10)
        let s = TextBackedString(long)
        #expect(s.displayLength(unit: .grapheme) == 9000 + 1 + 10)
        #expect(s.plainText(in: TextRange(location: 9000, length: 1), unit: .grapheme) == "[哈哈]")
    }
}

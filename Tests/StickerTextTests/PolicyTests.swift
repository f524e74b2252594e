import StickerText
import StickerTextTestSupport
import Testing

struct PolicyTests {
    func counts(_ text: String, _ policy: InputPolicy = .unlimited) -> TextCounts {
        TextBackedString(text).counts(policy: policy)
    }

    /// Expected values are Python's `len(s.encode('gb18030'))`.
    @Test(arguments: [
        ("a", 1), ("中", 2), ("😀", 4), ("\u{80}", 4), ("é", 2), ("…", 2), ("한", 4), ("Я", 2), ("€", 2),
        ("ｱ", 4), ("〇", 2), ("\u{E5E5}", 2), ("\u{FFFF}", 4), ("ǹ", 2), ("ḿ", 4), ("⺁", 2), ("𠀀", 4),
        ("中文 text 😀👍🏽", 22),
    ])
    func gb18030MatchesPython(_ text: String, _ expected: Int) {
        #expect(counts(text).gb18030 == expected)
    }

    @Test func weightedFollowsTwitterTextV3() {
        #expect(counts("hello").weighted == 5)
        #expect(counts("你好").weighted == 4)
        #expect(counts("👨‍👩‍👧‍👦").weighted == 2)  // one emoji sequence weighs 200
        #expect(counts("\u{2013}\u{2019}").weighted == 2)  // en dash and quote are in the light ranges
        #expect(counts("\u{2026}").weighted == 2)  // the ellipsis is not
        #expect(counts("한").weighted == 2)
        #expect(counts("\u{2126}\u{212B}").weighted == 2)  // Ω and Å signs weigh as their NFC forms (Greek Ω, Latin Å)
    }

    @Test(arguments: ["😀", "👍🏽", "🇨🇳", "#️⃣", "1️⃣", "👨‍👩‍👧‍👦", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏽"])
    func theseAreEmoji(_ text: String) {
        #expect(counts(text).emoji.map(\.text) == [text])
    }

    @Test(arguments: ["é", "…", "한", "Я", "1", "#", "*", "©", "™", "❤", "☺", "中", "e\u{301}", "\u{200D}"])
    func theseAreNotEmoji(_ text: String) {
        #expect(counts(text).emoji.isEmpty)
    }

    @Test func graphemesCountClustersAndCRLF() {
        #expect(counts("a\r\nb").graphemes == 3)
        #expect(counts("🇨🇳🇺🇸🇯").graphemes == 3)
        #expect(counts("ka\u{308}\u{301}").graphemes == 2)
    }

    @Test func contentRulesOnCount() {
        #expect(counts("123", InputPolicy(content: .digits)).valid)
        #expect(counts("12a", InputPolicy(content: .digits)).violations == [.digits])
        #expect(counts("12.5", InputPolicy(content: .decimal, decimalPlaces: 1)).valid)
        #expect(counts("12.55", InputPolicy(content: .decimal, decimalPlaces: 1)).violations == [.decimalPlaces])
        #expect(counts("1.", InputPolicy(content: .decimal)).valid)  // typing in progress
        #expect(counts(".5", InputPolicy(content: .decimal)).violations == [.decimal])
        #expect(counts("😀", InputPolicy(emoji: .reject)).violations == [.emoji])
    }

    @Test func truncationNeverSplitsAClusterOrASticker() throws {
        let policy = InputPolicy(maxLength: 3, countMode: .utf16)
        // 👍🏽 is 4 UTF-16 units: it does not fit in 3, so nothing of it goes in.
        let result = try edit("a", .caret(1), .paste("b👍🏽"), policy: policy)
        #expect(result.text == "ab")
        #expect(result.truncated)
        #expect(result.message == "Cut short to fit the limit of 3.")
        #expect(result.note == .cutShort)
    }

    @Test func emojiStripSaysWhatItDid() throws {
        let result = try edit("", .caret(0), .paste("a😀b😀"), policy: InputPolicy(emoji: .strip))
        #expect(result.text == "ab")
        #expect(result.message == "2 emoji were removed.")
        #expect(result.note == .emojiRemoved)
    }

    /// The emoji rule judges the clusters the insert makes with what is
    /// around it: `1` + U+FE0F U+20E3 is 1️⃣ though neither half is an emoji.
    @Test(arguments: [
        ("1", "\u{FE0F}\u{20E3}"), ("#", "\u{20E3}"), ("❤", "\u{FE0F}"), ("a", "🏽"), ("😀", "\u{200D}😀"), ("🇺", "🇸"),
    ])
    func anInsertThatMakesAnEmojiWithItsNeighbourIsRefused(_ text: String, _ inserted: String) throws {
        let result = try edit(text, .caret(text.utf16.count), .paste(inserted), policy: InputPolicy(emoji: .reject))
        #expect(result.rejected == .emoji && result.text == text)
        #expect(TextBackedString(text + inserted).counts(policy: InputPolicy(emoji: .reject)).violations == [.emoji])
    }

    @Test(arguments: [
        ("1", "\u{FE0F}\u{20E3}x", "1x"), ("❤", "\u{FE0F}", "❤"), ("ab❤", "x😀\u{FE0F}y", "ab❤xy"),
        ("😀", "\u{200D}😀!", "😀!"),
    ])
    func strippingTakesTheInsertedPartOfAnEmojiItMakes(_ text: String, _ inserted: String, _ expected: String) throws {
        let result = try edit(text, .caret(text.utf16.count), .paste(inserted), policy: InputPolicy(emoji: .strip))
        #expect(result.text == expected && result.message == "1 emoji was removed.")
        #expect(
            result.string.counts(policy: InputPolicy(emoji: .reject)).emoji.count
                == TextBackedString(text).counts().emoji.count)
    }

    /// What is left after the limit's cut is judged too: kept, `1` would make
    /// 1️⃣ with the U+FE0F U+20E3 after the caret.
    @Test func aCutThatWouldMakeAnEmojiWithTheTextAfterIsRefused() throws {
        let policy = InputPolicy(maxLength: 3, countMode: .utf16, emoji: .reject)
        let result = try edit("\u{FE0F}\u{20E3}", .caret(0), .paste("1x"), policy: policy)
        #expect(result.rejected == .emoji && result.text == "\u{FE0F}\u{20E3}")
    }

    @Test func weightedCountsEveryURLAs23() {
        #expect(counts("http://test.com").weighted == 23)
        #expect(counts("Test https://test.com test https://test.com test.com test").weighted == 86)
        #expect(counts("http://averyveryverylongname.c").weighted == 30)  // no such TLD
        #expect(counts("http://averyveryverylongname.com").weighted == 23)
        #expect(counts("see example.com.").weighted == 28)  // the period is not part of the URL
        #expect(counts("这是example.com网站").weighted == 31)
        #expect(counts("https://a.com/[smile]").weighted == 30)  // the code is not part of the URL
        #expect(counts("hello. world").weighted == 12)  // a dot without a TLD after it
    }

    @Test func invalidCharactersMakeAWeightedTextInvalid() {
        let weighted = InputPolicy(countMode: .weighted)
        #expect(counts("ABC\u{202A}\u{FFFF}ABC\u{FFFE}", weighted).violations == [.invalidCharacters])
        #expect(counts("\u{FEFF}hi", weighted).valid == false)
        #expect(counts("\u{FEFF}hi").valid)  // other count modes do not care
    }

    @Test func anInsertOfAnInvalidCharacterIsRefusedUnderWeighted() throws {
        let result = try edit("ab", .caret(2), .insert("x\u{FEFF}"), policy: InputPolicy(countMode: .weighted))
        #expect(result.text == "ab")
        #expect(result.rejected == .invalidCharacters)
        #expect(try edit("ab", .caret(2), .insert("x\u{FEFF}")).text == "abx\u{FEFF}")
    }

    @Test func aWeightedLimitKeepsTheLongestPrefixWhoseResultFits() throws {
        let policy = InputPolicy(maxLength: 25, countMode: .weighted)
        #expect(try edit("", .caret(0), .paste("http://averyveryverylongname.com"), policy: policy).truncated == false)
        let cut = try edit("", .caret(0), .paste("http://averyveryverylongname.c"), policy: policy)
        #expect(cut.text == "http://averyveryverylongn")
        #expect(cut.truncated)
    }

    @Test func badPoliciesAreRefused() {
        for policy in [InputPolicy(maxLength: -1), InputPolicy(decimalPlaces: -2), InputPolicy(stickerWeight: -1)] {
            #expect(throws: InputError.invalidPolicy(policy.validationProblem ?? "")) {
                try TextBackedString("a").applying(.selectAll, selection: nil, policy: policy)
            }
        }
    }
}

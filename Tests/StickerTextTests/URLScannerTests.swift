import PropertyBased
import Testing

@testable import StickerText

/// The linear URL scanner against the plain quadratic one it replaced
/// (`ReferenceURLScanner`): the same URLs in every text, including the
/// chains of labels, TLD-like runs, paths and parentheses that the scanner
/// now answers once per position instead of once per try.
struct URLScannerTests {
    /// Pieces that make every part of the rule: protocols, labels and their
    /// `-` and `_`, TLDs (whole, cut short, followed by letters), punycode,
    /// IDN letters and dots, ports, paths with parentheses, queries, t.co,
    /// and what may or may not precede a URL.
    static let pieces = [
        "a", "b", "co", "com", "m", "x", "cn", "中国", "公司", "é", "中", ".", ".", ".", "-", "_", "/", ":", "8", "0", "?",
        "=", "&",
        "(", ")", "((", "))", "#", "@", "!", ",", " ", "\n", "。", "http://", "https://", "HTTPS://", "t.co/", "www.",
        ".com", ".co",
        ".cn", ".中国", "xn--", "xn--p1ai", "ab", "a.b", "~", "'", "Ａ", "İ", "ſ", "K", "\u{600}",
    ]
    static let text = Gen.int(in: 0..<pieces.count).array(of: 0...40).map { $0.map { pieces[$0] }.joined() }

    static func points(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    @Test func findsTheSameURLsAsTheQuadraticScanner() async {
        await propertyCheck(count: 20000, input: Self.text) { text in
            #expect(
                TwitterURLs.find(in: Self.points(text)) == ReferenceURLScanner.find(in: Self.points(text)),
                "\(text.debugDescription)")
            #expect(
                TwitterURLs.find(in: Self.points(text), afterCode: true)
                    == ReferenceURLScanner.find(in: Self.points(text), afterCode: true),
                "after a code: \(text.debugDescription)")
        }
    }

    /// Text after a sticker is read as twitter-text reads it after the
    /// code's `]` (issue 57): not as the text's start, where the regex takes
    /// a first character that is no ASCII letter as what precedes the URL.
    @Test func textAfterAStickerIsNotTheTextsStart() {
        #expect(TwitterURLs.find(in: Self.points("ñandu.com")) == [1..<9])
        #expect(TwitterURLs.find(in: Self.points("ñandu.com"), afterCode: true) == [0..<9])
        #expect(TwitterURLs.find(in: Self.points("üt.co"), afterCode: true) == [0..<5])
        #expect(TwitterURLs.find(in: Self.points("-a.com"), afterCode: true).isEmpty)  // after `-`, as in `[ok]-a.com`
    }

    /// The rule's classes are matched under IGNORECASE with Unicode 18.0's case mappings
    /// (tools/generate-twitter-text-tables.py), not Python 3.11's `re`'s (14.0): U+A7DC, the capital
    /// (since 16.0) of U+019B, one of twitter-text's Latin accent characters, is in a path and an ASCII
    /// domain as its lowercase is, as twitter-text's JS build has it in an engine of 16.0 or later.
    @Test func aCapitalAddedSinceUnicode14IsInAPathAndADomainAsItsLowercaseIs() {
        #expect(TwitterURLs.find(in: Self.points("https://a.co/\u{19B}")) == [0..<14])
        #expect(TwitterURLs.find(in: Self.points("https://a.co/\u{A7DC}")) == [0..<14])
        #expect(TwitterURLs.find(in: Self.points("x \u{A7DC}b.com")) == [2..<8])
    }

    @Test func findsTheSameASCIIDomainsAsTheQuadraticScanner() async {
        await propertyCheck(count: 20000, input: Self.text) { text in
            let d = Self.points(text)
            #expect(
                TwitterURLs.Scanner.asciiDomains(in: d) == ReferenceURLScanner.Scanner(d).asciiDomains(in: d),
                "\(text.debugDescription)")
        }
    }

    /// A count scans its windows one after another in one workspace, whose
    /// tables keep what a longer window left past a shorter one's end: each
    /// text's URLs are the same as found with fresh tables, whatever came before.
    @Test func findsTheSameURLsWithTablesAnEarlierTextLeft() async {
        await propertyCheck(count: 2000, input: Self.text.array(of: 1...8)) { texts in
            var workspace = TwitterURLs.Workspace()
            for text in texts {
                #expect(
                    TwitterURLs.find(in: Self.points(text), reusing: &workspace)
                        == TwitterURLs.find(in: Self.points(text)),
                    "\(texts.debugDescription)")
            }
        }
    }

    /// An ASCII domain is valid when each of its labels has 1 to 63 characters, read in place.
    @Test func anASCIIDomainIsValidWhenEachLabelHasOneTo63Characters() async {
        let label = Gen.int(in: 0..<3).array(of: 0...70).map { $0.map { ["a", "-", "7"][$0] }.joined() }
        await propertyCheck(count: 5000, input: label.array(of: 1...4)) { labels in
            let domain = Self.points(labels.joined(separator: "."))
            let parts = domain.split(separator: 0x2E, omittingEmptySubsequences: false)
            #expect(IDNA.isValid(domain[...]) == parts.allSatisfy { (1...63).contains($0.count) }, "\(labels)")
        }
    }

    /// twitter-text's JS build checks a domain by each label's ASCII form
    /// (the punycode package's) alone (issue 57): the ideographic full stops split a label into
    /// parts and may leave one empty, no nameprep refuses a label, and a
    /// domain beginning `xn--` needs an ASCII domain in it. PyPI's port
    /// (Python's IDNA codec) refused the first three and `a\u{5D0}.com`.
    @Test func aDomainIsCheckedAsTwitterTextsJSBuildChecksIt() {
        func valid(_ domain: String) -> Bool { IDNA.isValid(Self.points(domain)[...]) }
        #expect(valid("。example.com"))
        #expect(valid("好。example.com"))
        #expect(valid("．.co"))
        #expect(valid("xn--ą.com"))
        #expect(!valid("xn--好.com"))  // no ASCII domain in it
        #expect(valid("a\u{5D0}.com"))  // no bidi rule
        #expect(valid("例子.中国"))
        #expect(valid(String(repeating: "a", count: 63) + ".com"))
        #expect(!valid(String(repeating: "a", count: 64) + ".com"))
        #expect(!valid("a..com"))
        // `xn--` and at least one Punycode digit for each é: 60 of them are over 63.
        #expect(valid(String(repeating: "é", count: 10) + ".com"))
        #expect(!valid(String(repeating: "é", count: 60) + ".com"))
        // A stop splits the label's form into parts, each encoded alone, the stops kept: 4 + 3 + 1 + 4 + 3.
        #expect(IDNA.asciiLength(ofLabel: Self.points("é。é")[...]) == 15)
        #expect(IDNA.asciiLength(ofLabel: Self.points("\u{1}")[...]) == 6)  // xn--\u{1}- (the punycode package 1.4.1)
    }

    /// A dot is passed over where the ASCII after it begins no TLD
    /// (`mayBeginTLD`): a text none of whose dots a TLD may follow holds no
    /// URL in its NFC form, whatever marks, jamo or letters that fold come
    /// after the dots.
    @Test func aTextWithNoDotATLDMayFollowHoldsNoURL() async {
        let marked = Gen.int(in: 0..<(Self.pieces.count + 6)).array(of: 0...40).map { picks in
            picks.map {
                $0 < Self.pieces.count
                    ? Self.pieces[$0]
                    : ["\u{301}", "\u{338}", "\u{11AB}", "하", "\u{212A}r", "Co"][$0 - Self.pieces.count]
            }
            .joined()
        }
        await propertyCheck(count: 20000, input: marked) { text in
            var text = text
            let mayHold = text.withUTF8 { utf8 in TwitterURLs.mayHoldURL(0..<utf8.count, in: utf8) }
            if !mayHold {
                let scalars = text.withUTF8 { utf8 in TwitterURLs.normalized(0..<utf8.count, in: utf8).scalars }
                #expect(TwitterURLs.find(in: scalars).isEmpty, "\(text.debugDescription)")
            }
        }
    }

    /// The shapes that made it quadratic, small enough for the old scanner.
    @Test(arguments: ["a.", "ab.", "a.co.", "co.", "a-", "a_b.", "x.co/(a)", "a.b.c.d/", "xn--a.", "é.", "http://a."])
    func findsTheSameURLsInLongRunsOfOneShape(shape: String) {
        for tail in ["", "com", "co", "com/x", " ", "中国"] {
            let text = String(repeating: shape, count: 300) + tail
            #expect(
                TwitterURLs.find(in: Self.points(text)) == ReferenceURLScanner.find(in: Self.points(text)),
                "\(shape) × 300 + \(tail)")
        }
    }

    /// The insert cut trusts its estimate after these (InsertCut): the list
    /// the docs, the JS model (insert-cut.js `STOPS`) and the corpus
    /// generator give, derived here from the rule's classes.
    @Test func theStopsAreWhitespaceAndAFewSymbols() {
        let stops = (0...0x10FFFF).filter { TwitterURLs.isStop(UInt32($0)) }
        #expect(stops == [0x09, 0x0A, 0x0B, 0x0C, 0x20, 0x5C, 0x5E, 0x7B, 0x7D, 0x85, 0xA0, 0x3000])
    }

    /// `fold` reads a flat table up to the last scalar that folds: every
    /// scalar folds as the rule's map gives it.
    @Test func foldsEveryScalarAsTheRulesMapDoes() {
        let differ = (0...0x10FFFF).filter {
            TwitterURLs.fold(UInt32($0)) != TwitterURLs.foldMap[UInt32($0)] ?? UInt32($0)
        }
        #expect(differ.isEmpty)
    }

    /// A label's first and last scalars are domain characters unless they are
    /// `-` or `_` (`Scanner.label`): so neither of them may be one.
    @Test func neitherADashNorAnUnderscoreIsADomainCharacter() {
        #expect(!TwitterURLs.domainChar.contains(0x2D))
        #expect(!TwitterURLs.domainChar.contains(0x5F))
    }

    /// A label too long to be valid is refused before Punycode (which costs
    /// more than linear in a label's length): its form is never shorter than it.
    @Test func longLabelsAreRefusedBeforeTheyAreEncoded() {
        let points = { (s: String) in s.unicodeScalars.map(\.value) }
        #expect(IDNA.isValid(points(String(repeating: "é", count: 10) + ".com")[...]))
        #expect(!IDNA.isValid(points(String(repeating: "é", count: 300) + ".com")[...]))
        #expect(!IDNA.isValid(points(String(repeating: "e\u{301}", count: 100_000) + ".com")[...]))
        #expect(!IDNA.isValid(points(String(repeating: "\u{AD}", count: 100_000) + "éa.com")[...]))
    }
}

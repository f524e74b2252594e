import Foundation
import PropertyBased
import StickerTextTestSupport
import Testing

@testable import StickerText

/// Grapheme clusters: UAX #29's rules (Unicode 18.0) against Unicode's own
/// tests (GraphemeBreakTest.txt, emoji-test.txt), and the fast path and
/// chunking of `GraphemeSegmentation` against the rules run over every scalar.
struct GraphemeSegmentationTests {
    /// The clusters of `text` by the rules alone, scalar by scalar from its start: the reference.
    static func ruleClusters(_ scalars: [UInt32]) -> [[UInt32]] {
        var rules = GraphemeBreakRules()
        var clusters: [[UInt32]] = []
        for scalar in scalars {
            if rules.isBoundary(before: GraphemeBreakClass.of(scalar)) || clusters.isEmpty {
                clusters.append([scalar])
            } else {
                clusters[clusters.count - 1].append(scalar)
            }
        }
        return clusters
    }

    /// The clusters `forEachCluster` finds in `text`, and every boundary query checked against them.
    static func segmentationClusters(_ scalars: [UInt32]) -> [[UInt32]] {
        let text = String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! }))
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { p in
            var clusters: [[UInt32]] = []
            var edges: Set<Int> = [0]
            GraphemeSegmentation.forEachCluster(in: 0..<p.count, of: p) { cluster, _ in
                clusters.append(String(decoding: p[cluster], as: UTF8.self).unicodeScalars.map(\.value))
                edges.insert(cluster.upperBound)
                return true
            }
            var i = 0
            while i < p.count {
                let down = GraphemeSegmentation.boundary(atOrBefore: i, in: 0..<p.count, of: p)
                let up = GraphemeSegmentation.boundary(atOrAfter: i, in: 0..<p.count, of: p)
                #expect(edges.contains(down) && edges.contains(up) && down <= i && i <= up)
                #expect(!edges.contains { $0 > down && $0 < up }, "no edge skipped around \(i)")
                i += UTF8Bytes.sequenceLength(p[i])
            }
            return clusters
        }
    }

    /// Unicode's GraphemeBreakTest.txt 18.0.0 (Tests/unicode, copied by
    /// tools/generate-grapheme-tables.py): every case, through the whole
    /// segmentation (fast path, chunks, rules) and its boundary queries.
    @Test func everyCaseOfUnicodesGraphemeBreakTestIsCutAsItSays() throws {
        let text = try String(contentsOf: repositoryFile("Tests/unicode/GraphemeBreakTest.txt"), encoding: .utf8)
        #expect(text.hasPrefix("# GraphemeBreakTest-\(GraphemeBreakTable.unicodeVersion).txt"))
        #expect(GraphemeBreakTable.unicodeVersion == "18.0.0")
        var passed = 0
        var failed: [String] = []
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: \.isWhitespace)
            guard !tokens.isEmpty else { continue }
            var expected: [[UInt32]] = []
            for token in tokens {
                if token == "÷" {
                    expected.append([])
                } else if token != "×" {
                    expected[expected.count - 1].append(UInt32(token, radix: 16)!)
                }
            }
            expected.removeAll { $0.isEmpty }
            let scalars = expected.flatMap { $0 }
            if Self.segmentationClusters(scalars) == expected && Self.ruleClusters(scalars) == expected {
                passed += 1
            } else {
                failed.append(String(body))
            }
        }
        #expect(failed.isEmpty, "\(failed.count) cases cut otherwise, first: \(failed.prefix(5))")
        #expect(passed == 853, "\(passed)/853 cases")
    }

    /// GB9c since 18.0: a linker joins the consonant after it whether or not a
    /// consonant came before it (GraphemeBreakTest-18.0.0's `094D × 0915`), and
    /// the linkers that are not marks (Vedic U+1CF5, U+1CF6) link too.
    @Test func aViramaJoinsTheConsonantAfterItWithNoConsonantBeforeIt() {
        for cut in [Self.ruleClusters, Self.segmentationClusters] {
            #expect(cut([0x94D, 0x915]) == [[0x94D, 0x915]])
            #expect(cut([0x61, 0x94D, 0x308, 0x915]) == [[0x61, 0x94D, 0x308, 0x915]])
            #expect(cut([0x1CF5, 0x915, 0x1CF6, 0x200D, 0x924]) == [[0x1CF5, 0x915], [0x1CF6, 0x200D, 0x924]])
            #expect(cut([0x94D, 0x61, 0x915]) == [[0x94D], [0x61], [0x915]])
        }
    }

    /// Unicode's emoji-test.txt 17.0 (behind the tables: no registry here has
    /// 18.0's; tools/unicode_sources.py's EMOJI_TEST_VERSION), whole: every fully-qualified emoji
    /// (keycaps, flags, tag sequences, ZWJ sequences, skin tones) is one
    /// cluster, alone, between letters, and repeated.
    @Test func everyFullyQualifiedEmojiOfEmojiTestIsOneCluster() throws {
        let text = try String(contentsOf: repositoryFile("Tests/unicode/emoji-test.txt"), encoding: .utf8)
        #expect(text.contains("# Version: 17.0\n"))
        var checked = 0
        var failed: [String] = []
        for line in text.split(separator: "\n") where line.contains("; fully-qualified") {
            let codes = line.split(separator: ";")[0].split(separator: " ").map { UInt32($0, radix: 16)! }
            let expected = [[0x61], codes, codes, [0x4E2D]]
            if Self.segmentationClusters([0x61] + codes + codes + [0x4E2D]) != expected {
                failed.append(String(line))
            }
            checked += 1
        }
        #expect(failed.isEmpty, "\(failed.count) emoji cut otherwise, first: \(failed.prefix(5))")
        #expect(checked == 3_944, "\(checked) fully-qualified emoji")
    }

    /// The fast path of segmentation rests on one claim: a scalar in the
    /// "simple" ranges is a cluster boundary on both sides when its
    /// neighbours are simple, whatever came before them, and is never an
    /// emoji nor changed by NFC. Checked here for every such scalar.
    @Test func simpleScalarsNeverJoinASimpleNeighbour() {
        let simpleClasses: Set<GraphemeBreakClass> = [.other, .control, .lf, .lv, .lvt, .pictographic]
        var checked = 0
        for range in GraphemeSegmentation.simpleRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(GraphemeSegmentation.isSimple(value))
                if !simpleClasses.contains(GraphemeBreakClass.of(value)) {
                    Issue.record("U+\(String(value, radix: 16)) is of class \(GraphemeBreakClass.of(value))")
                }
                if EmojiClassifier.kind(of: value) == .emoji || EmojiClassifier.isEmoji([scalar]) {
                    Issue.record("U+\(String(value, radix: 16)) shows as emoji")
                }
                if Normalization.normalized(.nfc, [value]) != [value] {
                    Issue.record("U+\(String(value, radix: 16)) changes under NFC")
                }
                checked += 1
            }
        }
        #expect(checked > 40_000)
        #expect(!GraphemeSegmentation.isSimple(0x0D))  // CR joins LF
        #expect(!GraphemeSegmentation.isSimple(0x301))  // combining mark
        #expect(!GraphemeSegmentation.isSimple(0x1F600))
        // Between two scalars of those classes the rules break, whatever the two scalars before them were.
        let all = (0...UInt8.max).compactMap(GraphemeBreakClass.init(rawValue:))
        for first in all {
            for second in all {
                for a in simpleClasses {
                    for b in simpleClasses {
                        var rules = GraphemeBreakRules()
                        _ = rules.isBoundary(before: first)
                        _ = rules.isBoundary(before: second)
                        _ = rules.isBoundary(before: a)
                        let boundary = rules.isBoundary(before: b)
                        #expect(boundary, "\(first) \(second) \(a) × \(b)")
                    }
                }
            }
        }
    }

    /// Scalars of every class, densely: CR, LF, controls, Extend (marks,
    /// skin tones, VS16, the keycap, ZWNJ), ZWJ, regional indicators, Prepend,
    /// SpacingMark, Hangul L V T LV LVT, pictographs, the conjunct rule's
    /// consonants, viramas and extenders in Devanagari, Myanmar, Khmer and
    /// Balinese, tags, and simple scalars.
    static let breakClasses: [UInt32] = [
        0x0D, 0x0A, 0x01, 0x85, 0x301, 0x302, 0x1F3FD, 0xFE0F, 0x20E3, 0x200D, 0x200C, 0x1F1E8, 0x1F1F3, 0x600,
        0x903, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x1F468, 0x1F469, 0x1F44D, 0x2764, 0x1F600, 0x915, 0x94D,
        0x930, 0x93F, 0x93C, 0x1019, 0x1039, 0x1018, 0x102C, 0x1037, 0x103A, 0x179F, 0x17D2, 0x178F, 0x17B8,
        0x1B32, 0x1B44, 0x1B2F, 0x1B38, 0x23, 0x61, 0x4E2D, 0x20, 0xA9, 0xE0067, 0xE007F, 0x1F3F4, 0x20000,
    ]

    /// Clusters are cut by a fast path for simple scalars and the rules over
    /// chunks between certain boundaries: they must be exactly the rules'
    /// clusters of the whole text, and every boundary query must land on
    /// one of their edges.
    @Test func clustersAreTheRulesClustersOfTheWholeText() async {
        let classes = Self.breakClasses
        let text = Gen.int(in: 0..<classes.count).array(of: 1...16).map { picks in picks.map { classes[$0] } }
        await propertyCheck(count: 4000, input: text) { scalars in
            #expect(
                Self.segmentationClusters(scalars) == Self.ruleClusters(scalars),
                "\(scalars.map { String($0, radix: 16) })")
        }
    }

    /// The inputs that make the longest clusters and chunks, each made of `n` repeats.
    static let adversarial: [(name: String, make: @Sendable (Int) -> String)] = [
        ("combining marks on one letter", { "a" + String(repeating: "\u{301}", count: $0) }),
        ("a ZWJ chain of pictographs", { String(repeating: "👨\u{200D}", count: $0) + "👨" }),
        ("regional indicators", { String(repeating: "🇨", count: $0) }),
        ("a conjunct chain of consonants and viramas", { String(repeating: "क\u{94D}", count: $0) + "क" }),
        ("Myanmar stacks", { String(repeating: "\u{1019}\u{1039}", count: $0) + "\u{1019}" }),
        ("lone viramas", { String(repeating: "\u{94D}", count: $0) }),
        // Since 18.0 one cluster however long: each virama joins the consonant after it.
        ("viramas each before a consonant", { String(repeating: "\u{94D}\u{915}", count: $0) }),
    ]

    /// This thread's CPU time for every cluster of `text` and a boundary query in its middle (which
    /// segments the whole chunk around it), the best of 5 rounds, in seconds.
    static func cpuSeconds(_ text: String) -> Double {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { p in
            bestThreadCPUSeconds {
                var n = 0
                GraphemeSegmentation.forEachCluster(in: 0..<p.count, of: p) { _, _ in
                    n += 1
                    return true
                }
                n += GraphemeSegmentation.boundary(atOrBefore: p.count / 2, in: 0..<p.count, of: p)
                #expect(n > 0)
            }
        }
    }

    /// Linear is 8 times the time for 8 times the text, quadratic 64: the bound, 24, leaves room for a
    /// loaded machine. Benchmarks/graphemes-linear.mjs measures the same through whole requests.
    @Test(arguments: adversarial.indices)
    func segmentingAdversarialTextCostsEightTimesAsMuchForEightTimesTheText(_ index: Int) {
        let shape = Self.adversarial[index]
        let small = Self.cpuSeconds(shape.make(1 << 12))
        let large = Self.cpuSeconds(shape.make(1 << 15))
        #expect(large / small < 24, "\(shape.name): \(small) s, then \(large) s")
    }

    @Test func countsOfMixedText() {
        let samples: [(String, Int)] = [
            ("a\r\nb\n", 4), ("e\u{301}\u{302}x", 2), ("🇨🇳🇺🇸🇯", 3), ("👨‍👩‍👧‍👦👍🏽#️⃣", 3), ("한국어 각", 5),
            ("中文\u{3099}", 2), ("\u{600}a", 1), ("x\u{200D}y", 2),
            // Unicode 17's conjuncts: Myanmar, Khmer, Balinese (Swift's own Character splits them).
            ("\u{1019}\u{1039}\u{1018}\u{102C}\u{1037}", 2), ("\u{179F}\u{17D2}\u{178F}\u{17D2}\u{179A}\u{17B8}", 1),
            ("\u{1B32}\u{1B44}\u{1B22}\u{1B44}\u{1B2C}", 1), ("क्ष", 1),
            // Unicode 18's GB9c: a virama joins the next consonant with none before it.
            ("\u{94D}\u{915}\u{94D}\u{937}", 1), ("a\u{94D}\u{915}", 1),
        ]
        for (sample, count) in samples {
            #expect(
                TextBackedString(sample).displayLength(unit: .grapheme) == count,
                "\(sample.unicodeScalars.map(\.value))")
        }
    }
}

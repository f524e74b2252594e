import Foundation
import PropertyBased
import Testing

@testable import StickerText

/// The fast path of grapheme segmentation rests on one claim: a scalar in the
/// "simple" ranges is a cluster boundary on both sides when its neighbours are
/// simple, and is never an emoji. Checked here for every such scalar against
/// Swift's own segmentation and Unicode properties.
struct GraphemeSegmentationTests {
    @Test func simpleScalarsNeverJoinASimpleNeighbour() {
        var checked = 0
        for range in GraphemeSegmentation.simpleRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(GraphemeSegmentation.isSimple(value))
                for neighbour in ["x", "中", "\u{2500}", "\n", "\u{A0}"] {
                    let s = neighbour + String(scalar) + neighbour
                    if s.count != 3 {
                        Issue.record("U+\(String(value, radix: 16)) joins \(neighbour.unicodeScalars.first!.value)")
                    }
                }
                if scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier {
                    Issue.record("U+\(String(value, radix: 16)) shows as emoji")
                }
                if String(scalar).precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) != [value] {
                    Issue.record("U+\(String(value, radix: 16)) changes under NFC")
                }
                checked += 1
            }
        }
        #expect(checked > 40_000)
        #expect(!GraphemeSegmentation.isSimple(0x0D))  // CR joins LF
        #expect(!GraphemeSegmentation.isSimple(0x301))  // combining mark
        #expect(!GraphemeSegmentation.isSimple(0x1F600))
    }

    /// Scalars of every grapheme break class, densely: CR, LF, controls,
    /// Extend (marks, skin tones, VS16, the keycap), ZWJ, regional
    /// indicators, Prepend, SpacingMark, Hangul L V T LV LVT, pictographs,
    /// the conjunct rule's consonants and virama, and simple scalars.
    static let breakClasses: [Unicode.Scalar] = [
        "\r", "\n", "\u{1}", "\u{85}", "\u{301}", "\u{302}", "\u{1F3FD}", "\u{FE0F}", "\u{20E3}", "\u{200D}",
        "\u{200C}",
        "\u{1F1E8}", "\u{1F1F3}", "\u{600}", "\u{903}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
        "\u{1F468}", "\u{1F469}", "\u{1F44D}", "\u{2764}", "\u{1F600}", "\u{915}", "\u{94D}", "\u{930}", "\u{93F}",
        "#", "a", "中", " ", "\u{E0067}", "\u{E007F}", "\u{1F3F4}",
    ]

    /// Clusters are cut scalar by scalar on the bytes (with a fast path for
    /// simple scalars): they must be exactly Swift's `Character`s, and every
    /// boundary query must land on one of their edges.
    @Test func clustersAreExactlySwiftsCharacters() async {
        let classes = Self.breakClasses
        let text = Gen.int(in: 0..<classes.count).array(of: 1...14).map { picks in
            String(String.UnicodeScalarView(picks.map { classes[$0] }))
        }
        await propertyCheck(count: 3000, input: text) { text in
            let expected = text.map { $0.utf8.count }
            var edges: Set<Int> = [0]
            var offset = 0
            for length in expected {
                offset += length
                edges.insert(offset)
            }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { p in
                var found: [Int] = []
                GraphemeSegmentation.forEachCluster(in: 0..<p.count, of: p) { cluster, _ in
                    found.append(cluster.count)
                    return true
                }
                #expect(found == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                var i = 0
                while i < p.count {
                    let down = GraphemeSegmentation.boundary(atOrBefore: i, in: 0..<p.count, of: p)
                    let up = GraphemeSegmentation.boundary(atOrAfter: i, in: 0..<p.count, of: p)
                    #expect(edges.contains(down) && edges.contains(up) && down <= i && i <= up)
                    #expect(!edges.contains { $0 > down && $0 < up }, "no edge skipped around \(i)")
                    i += UTF8Bytes.sequenceLength(p[i])
                }
            }
        }
    }

    /// The emoji sequences' classes, scalar by scalar, against Swift's
    /// segmentation: a pictograph joins a ZWJ sequence on either side (GB11:
    /// it is Extended_Pictographic) and nothing else (Other); an extend
    /// scalar joins a letter and not a line feed (Extend).
    @Test func emojiSequenceClassesAreWhatSwiftsSegmentationMakesOfThem() {
        let pictographs = GraphemeSegmentation.pictographicRanges
        let extend = GraphemeSegmentation.extendScalars
        var checked = 0
        // Nothing above the emoji blocks has a class (the function's first test), so the loop stops there.
        #expect(
            GraphemeSegmentation.emojiSequenceClass(0x1FB00) == nil
                && GraphemeSegmentation.emojiSequenceClass(0xE0067) == nil)
        for value in UInt32(0)...0x1FAFF {
            let kind = GraphemeSegmentation.emojiSequenceClass(value)
            if (kind == .pictographic) != pictographs.contains(where: { $0.contains(value) })
                || (kind == .extend) != extend.contains(where: { $0.contains(value) })
            {
                Issue.record("U+\(String(value, radix: 16)): the class and the listed ranges disagree")
            }
            guard let scalar = Unicode.Scalar(value) else { continue }
            let c = String(scalar)
            // Every pictograph of the emoji blocks is classed so (a missing one would only be slower).
            if (0x1F000...0x1FAFF).contains(value), kind != .extend,
                (kind == .pictographic) != (("\u{1F468}\u{200D}" + c).count == 1)
            {
                Issue.record(
                    "U+\(String(value, radix: 16)): classed \(String(describing: kind)), not as Swift segments it")
            }
            guard let kind else { continue }
            switch kind {
            case .pictographic:
                if ("\u{1F468}\u{200D}" + c).count != 1 || (c + "\u{200D}\u{1F468}").count != 1 || ("a" + c).count != 2
                    || (c + "a").count != 2
                {
                    Issue.record("U+\(String(value, radix: 16)) is not an Extended_Pictographic of class Other")
                }
            case .extend:
                if ("a" + c).count != 1 || ("\n" + c).count != 2 || ("\u{1F468}" + c + "\u{200D}\u{1F469}").count != 1 {
                    Issue.record("U+\(String(value, radix: 16)) is not Extend")
                }
            case .joiner:
                if value != 0x200D { Issue.record("U+\(String(value, radix: 16)) is not the ZWJ") }
            case .other:
                if !GraphemeSegmentation.isSimple(value) || ("\u{1F468}\u{200D}" + c).count != 2
                    || (c + "\u{1F3FB}").count != 1
                {
                    Issue.record("U+\(String(value, radix: 16)) is not Other")
                }
            }
            checked += 1
        }
        #expect(checked > 40_000)
    }

    /// Chunks made of emoji sequences and letters only, which the few rules
    /// of `segmentEmojiSequences` cut, against Swift's `Character`s.
    @Test func emojiSequencesAreCutExactlyAsSwiftCutsThem() async {
        let pieces: [Unicode.Scalar] = [
            "\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{1F44D}", "\u{1F600}", "\u{1FAF6}", "\u{1F3F3}",
            "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1F3FB}", "\u{20E3}", "a", "#", "1", " ", "中", "\u{AC00}",
        ]
        let text = Gen.int(in: 0..<pieces.count).array(of: 1...16).map { picks in
            String(String.UnicodeScalarView(picks.map { pieces[$0] }))
        }
        await propertyCheck(count: 3000, input: text) { text in
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { p in
                var found: [Int] = []
                #expect(
                    GraphemeSegmentation.segmentEmojiSequences(0..<p.count, of: p) {
                        found.append($0.count)
                        return true
                    })
                #expect(
                    found == text.map { $0.utf8.count }, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func countsAgreeWithSwiftOnMixedText() {
        let samples = ["a\r\nb\n", "e\u{301}\u{302}x", "🇨🇳🇺🇸🇯", "👨‍👩‍👧‍👦👍🏽#️⃣", "한국어 각", "中文\u{3099}", "\u{600}a", "x\u{200D}y"]
        for sample in samples {
            #expect(
                TextBackedString(sample).displayLength(unit: .grapheme) == sample.count,
                "\(sample.unicodeScalars.map(\.value))")
        }
    }
}

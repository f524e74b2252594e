import Foundation
import PropertyBased
@testable import StickerText
import Testing

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
                    if s.count != 3 { Issue.record("U+\(String(value, radix: 16)) joins \(neighbour.unicodeScalars.first!.value)") }
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
        "\r", "\n", "\u{1}", "\u{85}", "\u{301}", "\u{302}", "\u{1F3FD}", "\u{FE0F}", "\u{20E3}", "\u{200D}", "\u{200C}",
        "\u{1F1E8}", "\u{1F1F3}", "\u{600}", "\u{903}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
        "\u{1F468}", "\u{1F469}", "\u{1F44D}", "\u{2764}", "\u{1F600}", "\u{915}", "\u{94D}", "\u{930}", "\u{93F}",
        "#", "a", "中", " ", "\u{E0067}", "\u{E007F}", "\u{1F3F4}",
    ]

    /// Clusters are cut scalar by scalar on the bytes (with a fast path for
    /// simple scalars): they must be exactly Swift's `Character`s, and every
    /// boundary query must land on one of their edges.
    @Test func clustersAreExactlySwiftsCharacters() async {
        let classes = Self.breakClasses
        let text = Gen.int(in: 0 ..< classes.count).array(of: 1 ... 14).map { picks in
            String(String.UnicodeScalarView(picks.map { classes[$0] }))
        }
        await propertyCheck(count: 3000, input: text) { text in
            let expected = text.map { $0.utf8.count }
            var edges: Set<Int> = [0]
            var offset = 0
            for length in expected { offset += length; edges.insert(offset) }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { p in
                var found: [Int] = []
                GraphemeSegmentation.forEachCluster(in: 0 ..< p.count, of: p) { cluster, _ in found.append(cluster.count); return true }
                #expect(found == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                var i = 0
                while i < p.count {
                    let down = GraphemeSegmentation.boundary(atOrBefore: i, in: 0 ..< p.count, of: p)
                    let up = GraphemeSegmentation.boundary(atOrAfter: i, in: 0 ..< p.count, of: p)
                    #expect(edges.contains(down) && edges.contains(up) && down <= i && i <= up)
                    #expect(!edges.contains { $0 > down && $0 < up }, "no edge skipped around \(i)")
                    i += UTF8Bytes.sequenceLength(p[i])
                }
            }
        }
    }

    @Test func countsAgreeWithSwiftOnMixedText() {
        let samples = ["a\r\nb\n", "e\u{301}\u{302}x", "🇨🇳🇺🇸🇯", "👨‍👩‍👧‍👦👍🏽#️⃣", "한국어 각", "中文\u{3099}", "\u{600}a", "x\u{200D}y"]
        for sample in samples {
            #expect(TextBackedString(sample).displayLength(unit: .grapheme) == sample.count, "\(sample.unicodeScalars.map(\.value))")
        }
    }
}

import Foundation
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

    @Test func countsAgreeWithSwiftOnMixedText() {
        let samples = ["a\r\nb\n", "e\u{301}\u{302}x", "🇨🇳🇺🇸🇯", "👨‍👩‍👧‍👦👍🏽#️⃣", "한국어 각", "中文\u{3099}", "\u{600}a", "x\u{200D}y"]
        for sample in samples {
            #expect(TextBackedString(sample).displayLength(unit: .grapheme) == sample.count, "\(sample.unicodeScalars.map(\.value))")
        }
    }
}

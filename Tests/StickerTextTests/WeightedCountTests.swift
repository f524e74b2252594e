import Foundation
import PropertyBased
import StickerTextTestSupport
import Testing

@testable import StickerText

/// The weighted count (twitter-text's, over NFC) with our own NFC
/// (`Normalization`), against Foundation's NFC of each cluster alone: right
/// on these pieces (all in the BMP), once an LV syllable and the trailing
/// jamo after it, which Foundation on Linux leaves apart, are composed.
struct WeightedCountTests {
    /// Pieces whose clusters change under NFC in every way: composing (a + ◌́),
    /// reordering marks of different classes, singletons (Å sign, ̈́), Hangul
    /// L V T and LV + T, precomposed letters with more marks, Indic and
    /// Tibetan marks, composites outside the weight-100 ranges (ạ), and
    /// a lone mark after a simple scalar.
    static let pieces = [
        "a\u{301}", "e\u{323}\u{302}", "a\u{302}\u{323}", "\u{212B}", "\u{344}", "\u{1100}\u{1161}\u{11A8}",
        "\u{AC00}\u{11A8}",
        "\u{E1}\u{323}", "o\u{31B}\u{309}", "\u{915}\u{93C}", "\u{F40}\u{FB5}", "\u{F71}\u{F72}", "a\u{323}",
        "x\u{301}\u{301}\u{301}",
        "\u{301}", "\u{1E9B}\u{323}", "\u{3C9}\u{314}\u{342}\u{345}", "a", "中", " ", "👍🏽", "#️⃣",
        // Marks of several classes, out of order:
        "a\u{301}\u{316}\u{301}\u{316}", "e\u{335}\u{301}\u{316}\u{334}\u{323}\u{302}",
    ]

    static let markText = Gen.int(in: 0...Int(Int32.max)).array(of: 0...40).map { seeds in
        seeds.map { pieces[$0 % pieces.count] }.joined()
    }

    /// Each cluster's weight another way: its own NFC through Foundation, LV + T composed.
    static func weightAlone(_ cluster: String) -> Int {
        var scalars: [UInt32] = []
        for c in cluster.precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) {
            if let last = scalars.last, (0xAC00...0xD7A3).contains(last), (last - 0xAC00) % 28 == 0,
                (0x11A8...0x11C2).contains(c)
            {
                scalars[scalars.count - 1] = last + (c - 0x11A7)
            } else {
                scalars.append(c)
            }
        }
        return scalars.reduce(0) { $0 + LengthCounting.weight($1) }
    }

    /// The clusters of `text` whose weight is their NFC form's, and their text.
    static func nfcClusters(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var clusters: [Range<Int>] = []
        GraphemeSegmentation.forEachCluster(in: 0..<bytes.count, of: bytes) { cluster, simple in
            let emoji = !simple && EmojiClassifier.isEmoji(cluster, in: bytes)
            if LengthCounting.needsNFC(simple: simple, emoji: emoji) { clusters.append(cluster) }
            return true
        }
        return clusters
    }

    @Test func clustersWeighAsFoundationsNFCOfEachAloneWeighs() async {
        await propertyCheck(count: 300, input: Self.markText) { text in
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { p in
                let clusters = Self.nfcClusters(p)
                let alone = clusters.map {
                    Self.weightAlone(String(decoding: UnsafeBufferPointer(rebasing: p[$0]), as: UTF8.self))
                }
                #expect(LengthCounting.nfcWeights(of: clusters, in: p) == alone)
            }
        }
    }

    @Test func manyClustersWeighAsEachAlone() {
        let text = (0..<3000).map { Self.pieces[($0 * 7) % 16] }.joined()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { p in
            let clusters = Self.nfcClusters(p)
            #expect(clusters.reduce(0) { $0 + $1.count } > 4 * 2048)
            let alone = clusters.map {
                Self.weightAlone(String(decoding: UnsafeBufferPointer(rebasing: p[$0]), as: UTF8.self))
            }
            #expect(LengthCounting.nfcWeights(of: clusters, in: p) == alone)
            #expect(LengthCounting.nfcWeights(of: [], in: p) == [])
        }
    }

    @Test func aLetterAndACombiningMarkWeighsOneComposedLetterEachAndIsCutWhole() throws {
        let text = String(repeating: "a\u{301}", count: 5000)
        #expect(TextBackedString(text).counts().weighted == 5000)  // á, U+00E1: weight 1 each
        let policy = InputPolicy(maxLength: 1234, countMode: .weighted)
        let result = try TextBackedString("").applying(.paste(text), selection: .caret(0), policy: policy)
        #expect(result.truncated && result.text == String(repeating: "a\u{301}", count: 1234))
    }

    /// Foundation orders the marks of a cluster by a bubble sort: marks of
    /// two classes, out of order, after one letter were quadratic (16,000 of
    /// each: 1.8 s). Our own NFC sorts a long run by counting: 8 times the
    /// marks cost about 8 times as much, not 64 (the bound, 24, leaves room
    /// for a loaded machine).
    @Test func aLetterWithThousandsOfMarksOutOfOrderIsWeighedInLinearTime() {
        func seconds(_ count: Int) -> Double {
            let text = TextBackedString("a" + String(repeating: "\u{301}\u{316}", count: count))
            return bestThreadCPUSeconds { #expect(text.counts(policy: InputPolicy(countMode: .weighted)).weighted > 0) }
        }
        let marks = String(repeating: "\u{301}\u{316}", count: 20_000)
        #expect(
            TextBackedString("a" + marks).counts(policy: InputPolicy(countMode: .weighted)).weighted * 100
                == Self.weightAlone("a" + marks))
        let small = seconds(2_500)
        let large = seconds(20_000)
        #expect(large / small < 24, "\(small) s, then \(large) s")
    }
}

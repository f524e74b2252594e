import Foundation
import StickerTextTestSupport
import Testing

@testable import StickerText

/// Our own NFC and NFKC (`Normalization`, Unicode 18.0's data) against
/// Unicode's NormalizationTest: the page's JS model runs the same files
/// (Tests/js/normalization.test.mjs, and each browser in Tests/e2e/test_graphemes.py).
struct NormalizationTests {
    static func scalars(_ field: Substring) -> [UInt32] {
        field.split(separator: " ").map { UInt32($0, radix: 16)! }
    }

    /// The lines of a NormalizationTest file that hold the NFC and NFKC invariants, those that do
    /// not, and the code points its part 1 lists.
    static func check(_ name: String) throws -> (passed: Int, failed: [String], partOne: Set<UInt32>) {
        let text = try String(contentsOf: repositoryFile("Tests/unicode/\(name)"), encoding: .utf8)
        var passed = 0
        var failed: [String] = []
        var partOne: Set<UInt32> = []
        var part = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("@") {
                part = String(line)
                continue
            }
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard !body.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let c = body.split(separator: ";").prefix(5).map(Self.scalars)
            if part.hasPrefix("@Part1") { partOne.insert(c[0][0]) }
            // NFC: c2 == NFC(c1) == NFC(c2) == NFC(c3), c4 == NFC(c4) == NFC(c5); NFKC: c4 == NFKC(c1...c5).
            let nfc =
                c[0...2].allSatisfy { Normalization.normalized(.nfc, $0) == c[1] }
                && c[3...4].allSatisfy { Normalization.normalized(.nfc, $0) == c[3] }
            let nfkc = c.allSatisfy { Normalization.normalized(.nfkc, $0) == c[3] }
            if nfc && nfkc { passed += 1 } else { failed.append(String(body)) }
        }
        return (passed, failed, partOne)
    }

    /// NormalizationTest-18.0.0.txt (from PyPI's pyunormalize 18.0.0, copied by
    /// tools/generate-normalization-tables.py), and part 1's invariant: every
    /// code point it does not list is left as it is.
    @Test func everyLineOfNormalizationTestHoldsForNFCAndNFKC() throws {
        let text = try String(contentsOf: repositoryFile("Tests/unicode/NormalizationTest.txt"), encoding: .utf8)
        #expect(text.hasPrefix("# NormalizationTest-\(NormalizationTable.unicodeVersion).txt"))
        #expect(NormalizationTable.unicodeVersion == "18.0.0")
        let official = try Self.check("NormalizationTest.txt")
        #expect(official.failed.isEmpty, "\(official.failed.count) lines, first: \(official.failed.prefix(5))")
        #expect(official.passed == 20_171)
        let listed = official.partOne
        var changed: [UInt32] = []
        for c in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(c) && !listed.contains(c) {
            if Normalization.normalized(.nfc, [c]) != [c] || Normalization.normalized(.nfkc, [c]) != [c] {
                changed.append(c)
            }
        }
        #expect(changed.isEmpty, "changed: \(changed.prefix(10).map { String($0, radix: 16) })")
    }

    /// A cluster of two scalars read from UTF-8 takes a short way
    /// (`NormalizationData.appendPair`): it must give what the whole
    /// algorithm gives, for every letter below U+0800 and of Latin and Greek
    /// Extended, some of Hangul, kana and beyond the BMP, each with every
    /// combining diacritical mark,
    /// the Hangul jamo that compose, the kana voicing marks, and letters.
    @Test func aPairReadFromUTF8IsNormalizedAsTheWholeAlgorithmDoes() {
        let firsts =
            Array(UInt32(0x20)..<0x800) + Array(UInt32(0x1E00)..<0x2000) + [
                0x1100, 0x1112, 0xAC00, 0xAC01, 0x304B, 0x30AB, 0x10041, 0x1138B,
            ]
        let seconds =
            Array(UInt32(0x300)..<0x370) + Array(UInt32(0x1161)..<0x1176) + Array(UInt32(0x11A8)..<0x11C3)
            + [0x3099, 0x309A, 0x113C5, 0x61, 0x41, 0xE9, 0x4E2D, 0x20DD, 0x1DC0, 0x338]
        var wrong: [String] = []
        var out: [UInt32] = []
        for a in firsts {
            guard let first = Unicode.Scalar(a) else { continue }
            for b in seconds {
                let bytes = Array("\(first)\(Unicode.Scalar(b)!)".utf8)
                for form in [Normalization.Form.nfc, .nfkc] {
                    out.removeAll(keepingCapacity: true)
                    bytes.withUnsafeBufferPointer { Normalization.append(form, of: 0..<$0.count, in: $0, to: &out) }
                    if out != Normalization.normalized(form, [a, b]) { wrong.append("\(form) \(a) \(b)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    /// What Foundation's NFC on Linux got wrong: a scalar beyond U+FFFF cut
    /// to its low 16 bits before a mark composed with it, and LV + T apart.
    @Test func scalarsBeyondTheBMPAndHangulLVWithATrailingJamoAreRight() {
        #expect(Normalization.normalized(.nfc, [0xE0067, 0x301]) == [0xE0067, 0x301])  // not U+01F5
        #expect(Normalization.normalized(.nfc, [0x10041, 0x301]) == [0x10041, 0x301])  // not Á
        #expect(Normalization.normalized(.nfc, [0xAC00, 0x11A8]) == [0xAC01])
        #expect(Normalization.normalized(.nfc, [0x1100, 0x1161, 0x11A8]) == [0xAC01])
        #expect(Normalization.normalized(.nfc, [0x1138B, 0x113C5]) == [0x1138E, 0x113C2])  // 16.0's composite
        #expect(TextBackedString("\u{E0067}\u{301}").counts(policy: InputPolicy(countMode: .weighted)).weighted == 3)
        #expect(TextBackedString("\u{10041}\u{301}").counts(policy: InputPolicy(countMode: .weighted)).weighted == 3)
    }

    /// n against 8n of the shapes that cost most, in NFC and NFKC: one letter with marks of two
    /// classes out of order, one letter with a run of one mark (each blocked by the one before), Hangul
    /// jamo that compose, letters that each compose with a mark. Linear work takes about 8 times as
    /// long for 8 times the text, a quadratic step 64: the bound, 24, leaves room for a loaded machine
    /// (this thread's CPU time, the best of 5 rounds).
    @Test(arguments: [[0x301, 0x316], [0x301], [0x1100, 0x1161, 0x11A8], [0x61, 0x301]] as [[UInt32]])
    func adversarialTextIsNormalizedInTimeLinearInIt(_ piece: [UInt32]) {
        for form in [Normalization.Form.nfc, .nfkc] {
            func seconds(_ count: Int) -> Double {
                let scalars = [0x61] + Array([[UInt32]](repeating: piece, count: count).joined())
                return bestThreadCPUSeconds { #expect(!Normalization.normalized(form, scalars).isEmpty) }
            }
            let small = seconds(1 << 12)
            let large = seconds(1 << 15)
            #expect(
                large / small < 24, "\(form) of \(piece.map { String($0, radix: 16) }): \(small) s, then \(large) s")
        }
    }
}

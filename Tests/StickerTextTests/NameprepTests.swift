import Testing

@testable import StickerText

/// Nameprep's mapping (`IDNA.appendMapping`) takes shortcuts, as every new
/// domain a count meets is prepared: ASCII lowercased in place, a code point
/// that lowercasing leaves alone kept without making its mapping's String.
/// They must give the plain rule's answer: `IDNA.mapped`'s where it has one,
/// else the code point's lowercase mapping.
struct NameprepTests {
    @Test func everyCodePointMapsAsThePlainRuleSays() {
        var differences: [String] = []
        var mapping: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // the surrogates
            mapping.removeAll(keepingCapacity: true)
            IDNA.appendMapping(of: value, to: &mapping)
            let plain = IDNA.mapped[value] ?? scalar.properties.lowercaseMapping.unicodeScalars.map(\.value)
            if mapping != plain { differences.append(String(value, radix: 16)) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    /// A label of code points `keptByNameprep` says nameprep keeps is not
    /// prepared: the table and the CJK range must be what the definition
    /// gives (elsewhere it may say no, and the label is prepared), and such
    /// a code point its own nameprep.
    @Test func whatNameprepKeepsIsWhatTheDefinitionSaysAndIsKept() {
        var wrong: [String] = []
        for c in UInt32(0)...0x10FFFF where Unicode.Scalar(c) != nil {
            let kept = IDNA.keptByNameprep(c)
            let read = c < IDNA.keptTableEnd || (0x4E00...0x9FFF).contains(c)
            if (read ? kept != IDNA.isKeptByNameprep(c) : kept)
                || (kept && IDNA.nameprep([c, 0x61, c][...]) != [c, 0x61, c])
            {
                wrong.append(String(c, radix: 16))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    /// Kept code points side by side are kept: pairs and runs of them drawn at random, nameprep'd whole.
    @Test func aRunOfCodePointsNameprepKeepsIsItsOwnNameprep() {
        let kept = (UInt32(0)..<IDNA.keptTableEnd).filter(IDNA.keptByNameprep) + [0x4E00, 0x6C49, 0x9FFF]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20000 {
            let run = (0..<Int.random(in: 2...6, using: &generator)).map { _ in kept.randomElement(using: &generator)! }
            #expect(IDNA.nameprep(run[...]) == run, "\(run.map { String($0, radix: 16) })")
        }
    }

    @Test func aLabelIsPreparedAndEncodedAsPythonsIDNACodecDoes() {
        func length(_ domain: String) -> Int? { IDNA.encodedLength(domain.unicodeScalars.map(\.value)) }
        // Lengths of `label.encode("idna")` in Python 3.
        #expect(length("例子.中国") == 22)  // xn--fsqu00a.xn--fiqs8s
        #expect(length("BÜCHER.de") == 16)  // xn--bcher-kva.de
        #expect(length("e\u{301}.com") == 11)  // xn--9ca.com
        #expect(length("a\u{AD}b.com") == 6)  // ab.com: U+00AD removed
        #expect(length("àáâ.com") == 13)  // xn--0cacd.com, not prepared
        #expect(length("ÀÁÂ.com") == 13)  // lowercased first
        #expect(length("é.com。") == 12)  // a trailing dot
        #expect(length("é..com") == nil)  // an empty label
        #expect(length("xn--é.com") == nil)
        #expect(length("a\u{5D0}.com") == nil)  // L and RandAL
        #expect(length(String(repeating: "é", count: 60) + ".com") == nil)  // too long
    }
}

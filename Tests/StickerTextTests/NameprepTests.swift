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

    @Test func aLabelIsPreparedAndEncodedAsPythonsIDNACodecDoes() {
        // Lengths of `label.encode("idna")` in Python 3.
        #expect(IDNA.encodedLength(Array("例子.中国".unicodeScalars.map(\.value))) == 22)  // xn--fsqu00a.xn--fiqs8s
        #expect(IDNA.encodedLength(Array("BÜCHER.de".unicodeScalars.map(\.value))) == 16)  // xn--bcher-kva.de
        #expect(IDNA.encodedLength(Array("e\u{301}.com".unicodeScalars.map(\.value))) == 11)  // xn--9ca.com
        #expect(IDNA.encodedLength(Array("a\u{AD}b.com".unicodeScalars.map(\.value))) == 6)  // ab.com: U+00AD removed
    }
}

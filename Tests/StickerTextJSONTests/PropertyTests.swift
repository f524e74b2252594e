import PropertyBased
import StickerTextTestSupport
import Testing

@testable import StickerText
@testable import StickerTextJSON

/// Generators of sticker text. `anyText` mixes codes, near-codes, brackets,
/// markup, emoji clusters, combining marks, CRLF, controls and random scalars
/// (no NUL, which HTML cannot carry). `closedText` is made of pieces that can
/// never join their neighbours (no lone brackets, marks or regional
/// indicators), for the properties that only hold when nothing merges.
enum TextGen {
    static let closedPieces = [
        "[微笑]", "[哈哈]", "[笑哭]", "[doge]", "[心]", "[赞]", "[拜拜]", "[smile]", "[狗頭]", "[没有]", "[abc]", "[转圈]", "[spin]",
        "笑死我了", "中文", "hello", " ", "a", "<b>", "&amp;", "\"", "'", "\n", "\r\n", "1.5",
        "👍🏽", "👨‍👩‍👧‍👦", "🇨🇳", "#️⃣", "😀", "é", "한국", "Я", "…", "\t",
    ]
    static let openPieces =
        closedPieces + [
            "[", "]", "[[", "]]", "\u{301}", "\u{200D}", "🇺", "🏽", "\u{FE0F}", "\r", "\u{1}", "\u{7F}", "\u{85}",
            "<script>alert(1)</script>", "javascript:", "onerror=", "&#0;", "\u{2028}", "\u{FEFF}",
        ]

    static func piece(_ seed: Int, from pieces: [String], randomScalars: Bool) -> String {
        if randomScalars && seed % 5 == 0 {
            var value = UInt32((seed / 5) % 0x10FFFF) + 1
            if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
            return String(Unicode.Scalar(value)!)
        }
        return pieces[seed % pieces.count]
    }

    static let anyText = Gen.int(in: 0...Int(Int32.max)).array(of: 0...16).map { seeds in
        seeds.map { piece($0, from: openPieces, randomScalars: true) }.joined()
    }
    static let closedText = Gen.int(in: 0...Int(Int32.max)).array(of: 0...12).map { seeds in
        seeds.map { piece($0, from: closedPieces, randomScalars: false) }.joined()
    }
    static let fraction = Gen.int(in: 0...1000)

    /// Brackets, halves of codes and line breaks, densely: the text where the
    /// code rule (innermost, one line, longest code) decides everything.
    static let bracketPieces = [
        "[", "]", "[微笑]", "[哈哈]", "[doge]", "[smile]", "[狗頭]", "[转圈]", "微笑", "doge", "[微", "笑]",
        "\n", "\r", "\r\n", "x", "中", "&", "<", String(repeating: "长", count: 33), "[[", "]]",
    ]
    static let bracketText = Gen.int(in: 0...Int(Int32.max)).array(of: 0...24).map { seeds in
        seeds.map { bracketPieces[$0 % bracketPieces.count] }.joined()
    }
}

struct PropertyTests {
    /// A caret moved by many units at once lands where as many single steps
    /// (`unit(after:)`, `unit(before:)`, each a unit on its own) land, from
    /// every boundary, however far.
    @Test func aLongCaretMoveLandsWhereSingleStepsLand() async {
        await propertyCheck(count: 400, input: TextGen.anyText, Gen.int(in: 0...20)) { text, count in
            let string = TextBackedString(text)
            var boundary = 0
            while true {
                var forward = boundary
                var backward = boundary
                for _ in 0..<count {
                    forward = string.unit(after: forward)?.upperBound ?? forward
                    backward = string.unit(before: backward)?.lowerBound ?? backward
                }
                #expect(
                    string.position(movingForward: count, from: boundary) == forward,
                    "\(text.debugDescription) +\(count) from \(boundary)")
                #expect(
                    string.position(movingBackward: count, from: boundary) == backward,
                    "\(text.debugDescription) -\(count) from \(boundary)")
                guard let next = string.unit(after: boundary) else { break }
                boundary = next.upperBound
            }
        }
    }

    @Test func renderedTextAndAltsGiveBackTheInput() async {
        await propertyCheck(count: 300, input: TextGen.anyText, Gen.bool) { text, wrap in
            let html = try render(text, RenderOptions(wrapEmoji: wrap))
            // textAndAlts fails on any markup the renderer does not write.
            #expect(textAndAlts(of: html) == text)
        }
    }

    /// The renderer's fused loop applies the code rule inline for speed; it
    /// must find exactly the codes `StickerScanner` (the rule's home) finds.
    @Test func theFusedRenderLoopFindsExactlyTheCodesTheScannerFinds() async throws {
        let renderer = try HTMLRenderer()
        await propertyCheck(count: 3000, input: TextGen.bracketText) { text in
            let fused = try renderer.render(text)
            #expect(fused == renderer.renderScanned(text))
        }
        await propertyCheck(count: 500, input: TextGen.anyText) { text in
            let fused = try renderer.render(text)
            #expect(fused == renderer.renderScanned(text))
        }
    }

    /// The render loop's forms of the bytes HTML replaces (a byte's
    /// replacement, eight bytes' flags, sixteen lanes, the packed words) name
    /// the same bytes, and the packed words hold the same replacements.
    @Test func theBytesHTMLReplacesAreTheSameInEachFormTheLoopReadsThem() {
        for byte in UInt8.min...UInt8.max {
            for lineBreaks in [true, false] {
                let packed = HTMLEscaping.packedReplacements(lineBreaks: lineBreaks)[Int(byte)]
                let unpacked = withUnsafeBytes(of: packed.littleEndian) { Array($0[..<Int(packed >> 56)]) }
                let literal = HTMLEscaping.replacement(for: byte, lineBreaks: lineBreaks)
                #expect(
                    unpacked == literal.map {
                        Array(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount))
                    } ?? [])
                #expect((packed == 0) == (literal == nil), "\(byte)")
            }
            let replaced = HTMLEscaping.replacement(for: byte, lineBreaks: true) != nil
            #expect((HTMLEscaping.specialBytes(UInt64(byte)) & 0x80 != 0) == replaced, "\(byte)")
            let lanes = HTMLEscaping.specialLanes(SIMD16(repeating: byte))
            #expect((0..<16).allSatisfy { lanes[$0] == replaced }, "\(byte)")
        }
    }

    /// The fused loop looks at sixteen bytes at a time, then one at a time
    /// in the last fifteen: every byte it must act on (each byte the HTML or
    /// the JSON string writes in its own form, a bracket, a code) at every
    /// offset of the first two blocks and in the tail is found, in the HTML
    /// and in the HTML quoted into JSON.
    @Test func everySpecialByteAtEveryOffsetOfABlockIsFound() throws {
        let renderer = try HTMLRenderer()
        let specials = ["&", "<", ">", "\"", "'", "\r", "\n", "\\", "\u{1}", "\u{1F}", "[", "]", "[心]", "@", "中"]
        for special in specials {
            for length in [7, 8, 15, 16, 17, 23, 24, 31, 32, 33, 40] {
                for offset in 0..<length {
                    var text = String(repeating: "x", count: offset) + special
                    text += String(repeating: "y", count: max(0, length - offset - 1))
                    try expectTheFusedLoopAgrees(renderer, on: text)
                }
            }
        }
    }

    /// `text` rendered by the fused loop is `StickerScanner`'s render, and
    /// written into a JSON string it is that HTML quoted.
    private func expectTheFusedLoopAgrees(_ renderer: HTMLRenderer, on text: String) throws {
        let fused = try renderer.render(text)
        #expect(fused == renderer.renderScanned(text), "\(text.debugDescription)")
        var quoted = ByteBuffer(capacity: 1)
        Array(fused.utf8).withUnsafeBytes { JSONStringEscaping.appendEscaped($0, to: &quoted) }
        var direct = ByteBuffer(capacity: 1)
        JSONStringHTML(renderer).write(text, into: &direct)
        #expect(Array(direct.bytes) == Array(quoted.bytes), "\(text.debugDescription)")
    }

    /// The fused loop acts on every flag of a block in turn before it loads
    /// the next: two bytes to act on (or a code's brackets) at every pair of
    /// offsets of a block, in the HTML and in the HTML quoted into JSON
    /// (whose word test may flag a byte spuriously above a real one).
    @Test func twoBytesToActOnInOneBlockAreBothFoundAtEveryPairOfOffsets() throws {
        let renderer = try HTMLRenderer()
        let specials = ["&", "\n", "\"", "[", "]", "\\", "\u{1}", "心"]
        for a in specials {
            for b in specials {
                for first in 0..<16 {
                    for second in (first + 1)..<16 {
                        let x = { (count: Int) in String(repeating: "x", count: count) }
                        let text = x(first) + a + x(second - first - 1) + b + x(19 - second)
                        // The same with each `[` a code's start, so that a `]` may close it.
                        let coded = x(first) + (a == "[" ? "[心" : a) + x(second - first - 1) + b + x(19 - second)
                        for text in [text, coded] {
                            try expectTheFusedLoopAgrees(renderer, on: text)
                        }
                    }
                }
            }
        }
        // A flag per byte: the high bits of eight bytes gathered into the low eight bits, every pattern.
        for pattern in UInt64(0)...255 {
            var spread: UInt64 = 0
            for k in 0..<8 where pattern >> k & 1 == 1 { spread |= 0x80 << (8 * k) }
            #expect(HTMLEscaping.bitPerByte(spread) == pattern, "\(pattern)")
        }
    }

    /// The API writes the HTML into its JSON response in the render's one
    /// pass; that must be byte for byte the HTML, quoted by `JSONWriter`.
    @Test func theHTMLRenderedIntoAJSONStringIsTheHTMLQuoted() async throws {
        for lineBreaks in [true, false] {
            for wrapEmoji in [true, false] {
                let renderer = try HTMLRenderer(options: RenderOptions(lineBreaks: lineBreaks, wrapEmoji: wrapEmoji))
                let check = { (text: String) throws in
                    let html = Array(try renderer.render(text).utf8)
                    var quoted = ByteBuffer(capacity: 1)
                    html.withUnsafeBytes { JSONStringEscaping.appendEscaped($0, to: &quoted) }
                    var direct = ByteBuffer(capacity: 1)
                    JSONStringHTML(renderer).write(text, into: &direct)
                    #expect(Array(direct.bytes) == Array(quoted.bytes), "\(text.debugDescription)")
                }
                await propertyCheck(count: 300, input: TextGen.anyText) { try check($0) }
                await propertyCheck(count: 300, input: TextGen.bracketText) { try check($0) }
                try check("\\ \u{1}\t\u{1F}\u{7F}\r\n\"'<&>[微笑]\\[doge]\\" + String(repeating: "\\\t[心]", count: 40))
            }
        }
    }

    @Test func cutThenPasteAtTheSamePlaceRestoresTheText() async {
        await propertyCheck(count: 200, input: TextGen.closedText, TextGen.fraction, TextGen.fraction) { text, a, b in
            for unit in TextRange.Unit.allCases {
                // Unit boundaries: a range inside a unit would be widened first.
                let string = TextBackedString(text)
                let length = string.displayLength(unit: .grapheme)
                let start = string.convert(length * min(a, b) / 1000, from: .grapheme, to: unit)!
                let end = string.convert(length * max(a, b) / 1000, from: .grapheme, to: unit)!
                let cut = try edit(text, TextRange(location: start, length: end - start), .cut, unit: unit)
                let pasted = try edit(cut.text, cut.selection, .paste(cut.clipboard ?? ""), unit: unit)
                #expect(pasted.text == text)
                #expect(pasted.selection == .caret(end))
            }
        }
    }

    @Test func deleteBackwardRemovesExactlyOneWholeUnit() async {
        await propertyCheck(count: 300, input: TextGen.anyText, TextGen.fraction) { text, f in
            let string = TextBackedString(text)
            let length = string.displayLength(unit: .grapheme)
            guard length > 0 else { return }
            let caret = max(1, length * f / 1000)
            let result = try edit(text, .caret(caret), .deleteBackward, unit: .grapheme)
            let unit = string.plainText(in: TextRange(location: caret - 1, length: 1), unit: .grapheme)!
            let before = string.plainText(in: TextRange(location: 0, length: caret - 1), unit: .grapheme)!
            let after = string.plainText(in: TextRange(location: caret, length: length - caret), unit: .grapheme)!
            #expect(result.text == before + after)
            // The unit is a sticker code or exactly one grapheme cluster.
            #expect(
                string.stickers.contains { $0.code == unit } || unit.count == 1,
                "deleted \(unit.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(before + unit + after == text)
        }
    }

    @Test func afterAnInsertTheCaretFollowsTheInsertedContent() async {
        await propertyCheck(count: 200, input: TextGen.closedText, TextGen.closedText, TextGen.fraction) {
            text, inserted, f in
            for unit in TextRange.Unit.allCases {
                let string = TextBackedString(text)
                let caret = string.convert(string.displayLength(unit: .grapheme) * f / 1000, from: .grapheme, to: unit)!
                let result = try edit(text, .caret(caret), .insert(inserted), unit: unit)
                #expect(result.selection == .caret(caret + TextBackedString(inserted).displayLength(unit: unit)))
            }
        }
    }

    @Test func anInsertNeverLeavesTextOverTheLimit() async {
        await propertyCheck(
            count: 300, input: TextGen.anyText, TextGen.anyText, Gen.int(in: 0...40), Gen<InputPolicy.CountMode>.case
        ) { text, inserted, max, mode in
            let policy = InputPolicy(maxLength: max, countMode: mode)
            let before = TextBackedString(text).counts(policy: policy)
            let result = try edit(text, .caret(0), .paste(inserted), policy: policy)
            let after = result.string.counts(policy: policy)
            if before.length <= max {
                #expect(after.length <= max)
            } else {
                #expect(result.text == text)  // already over: nothing more goes in
            }
            // Cut short, or refused whole (U+FFFE/FEFF/FFFF under `weighted`), or all in.
            #expect(result.truncated == (result.text != inserted + text && result.rejected == nil))
            #expect(result.rejected == nil || result.text == text)
        }
    }

    @Test func offsetsRoundTripBetweenUnitsAndPlainText() async {
        await propertyCheck(count: 200, input: TextGen.anyText) { text in
            let string = TextBackedString(text)
            for g in 0...string.displayLength(unit: .grapheme) {
                let u = string.convert(g, from: .grapheme, to: .utf16)!
                #expect(string.convert(u, from: .utf16, to: .grapheme) == g)
                let plain = try edit(text, .caret(g), .select, unit: .grapheme).plainSelection
                #expect(string.displayRange(ofPlainUTF16: plain, unit: .grapheme) == .caret(g))
                #expect(string.displayRange(ofPlainUTF16: plain, unit: .utf16) == .caret(u))
            }
        }
    }
}

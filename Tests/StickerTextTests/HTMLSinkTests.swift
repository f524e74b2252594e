import Foundation
import StickerText
import Testing

/// An `HTMLSink` (the transport's kind) gets the render's HTML in pieces: the bytes
/// of text it names (`escapes(in:)`) one by one, found in the render's one
/// pass, every other byte as the HTML has it, and each sticker's markup
/// with its catalog entry.
struct HTMLSinkTests {
    /// Writes `~` and `\` of the text as `{126}` and `{92}`.
    struct MarkingSink: HTMLSink {
        var bytes: [UInt8] = []
        var stickers: [(html: [UInt8], entry: Int)] = []
        var runsHeldAnEscapedByte = false
        var count: Int { bytes.count }

        static func escapes(in word: UInt64) -> UInt64 {
            zeroBytes(word ^ 0x7E7E_7E7E_7E7E_7E7E) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
        }

        static func zeroBytes(_ word: UInt64) -> UInt64 {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        }

        mutating func append(text: UnsafeRawBufferPointer) {
            if text.contains(0x7E) || text.contains(0x5C) { runsHeldAnEscapedByte = true }
            bytes += text
        }

        mutating func append(escaping byte: UInt8) { bytes += "{\(byte)}".utf8 }

        mutating func append(_ html: UnsafeRawBufferPointer) { bytes += html }

        mutating func appendSticker(_ html: UnsafeRawBufferPointer, entry: Int) {
            stickers.append((Array(html), entry))
            bytes += html
        }

        mutating func truncate(to count: Int) { bytes.removeLast(bytes.count - count) }
    }

    static let texts = [
        #"a~b\c[微笑]~~"#, #"~[微~笑]\"#, String(repeating: #"长一些的文字~\[doge]x<y>"#, count: 20),
        "👍~🏽\\\n[心]\\", #"[[微笑]~]\[不存在]"#,
    ]

    @Test(arguments: [false, true])
    func aSinkGetsTheBytesItNamesOneByOneAndTheRestAsTheHTML(wrapEmoji: Bool) throws {
        let renderer = try HTMLRenderer(options: RenderOptions(wrapEmoji: wrapEmoji))
        for text in Self.texts {
            var sink = MarkingSink()
            try renderer.render(text, into: &sink)
            // The HTML with those two bytes replaced, byte by byte (a `~` may begin a cluster: `~🏽`).
            let expected = try renderer.render(text).utf8.flatMap { byte -> [UInt8] in
                byte == 0x7E || byte == 0x5C ? Array("{\(byte)}".utf8) : [byte]
            }
            #expect(sink.bytes == expected, "\(text.debugDescription)")
            #expect(!sink.runsHeldAnEscapedByte, "\(text.debugDescription)")
        }
    }

    @Test func aStickersMarkupComesWithItsCatalogEntry() throws {
        let renderer = try HTMLRenderer()
        var sink = MarkingSink()
        try renderer.render("[微笑] and [doge][哈哈]", into: &sink)
        #expect(sink.stickers.count == 3)
        for (html, entry) in sink.stickers {
            let code = renderer.catalog.entries[entry].code
            #expect(String(decoding: html, as: UTF8.self) == (try renderer.render(code)))
        }
    }

    @Test func aTextThatCannotRenderWritesNothing() throws {
        var sink = MarkingSink()
        #expect(throws: InputError.self) { try HTMLRenderer().render("a\u{0}b", into: &sink) }
        #expect(sink.bytes.isEmpty)
    }
}

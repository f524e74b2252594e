import Foundation
import PropertyBased
import StickerText
import StickerTextTestSupport
import Testing

@testable import StickerTextJSON

/// An answer too large to hold is counted, then written again piece by piece
/// as it is sent; one over the limit is refused before any of it is written.
/// The pieces must be exactly the bytes the answer held whole would be.
struct AnswerLimitTests {
    let api = StickerTextAPI()

    /// Rendered into a buffer that drains as it fills, keeping only what a
    /// render may still drop (a code's text before its `]`): the pieces
    /// joined are the HTML, and a buffer that holds a little counts it exactly.
    @Test func aRenderDrainedInPiecesIsTheRenderHeldWhole() async throws {
        for wrapEmoji in [false, true] {
            for lineBreaks in [true, false] {
                let renderer = try HTMLRenderer(options: RenderOptions(lineBreaks: lineBreaks, wrapEmoji: wrapEmoji))
                let inJSON = JSONStringHTML(renderer)
                let check = { (text: String) in
                    for json in [false, true] {
                        let shown = "\(text.debugDescription) json: \(json)"
                        do {
                            func write(_ out: inout ByteBuffer) {
                                if json {
                                    inJSON.write(text, into: &out)
                                } else {
                                    try? renderer.render(text, into: &out)
                                }
                            }
                            var whole = ByteBuffer(capacity: 1)
                            write(&whole)
                            var pieces: [UInt8] = []
                            var drained = ByteBuffer(
                                capacity: 0,
                                overflow: .drain(
                                    pieceSize: 1, keep: renderer.truncationReach, to: { pieces += $0 }))
                            write(&drained)
                            drained.finish()
                            #expect(pieces == Array(whole.bytes), "\(shown)")
                            let limit = 4 * renderer.truncationReach
                            var held = ByteBuffer(
                                capacity: 0, overflow: .hold(limit: limit, keep: renderer.truncationReach))
                            write(&held)
                            #expect(held.count == whole.count, "\(shown)")
                            // Whole when it fits (or when one write took it past: held as it came).
                            let isWhole = held.isWhole
                            if whole.count <= limit { #expect(isWhole, "\(shown)") }
                            if isWhole { #expect(Array(held.bytes) == Array(whole.bytes), "\(shown)") }
                        }
                    }
                }
                await propertyCheck(count: 150, input: TextGen.bracketText) { check($0) }
                await propertyCheck(count: 150, input: TextGen.anyText) { check($0) }
                // Found by the checks above (CI): an emoji or a flag, then a
                // control character, escaped into JSON near the held limit.
                check("[哈哈]👍🏽🇺\t")
                check("<script>alert(1)</script>javascript:[微笑]#️⃣\t")
                // Codes longer than a piece, escapes in them, and codes cut by a line break.
                check(String(repeating: "[微笑]\"<&>[doge][\u{1}\\] [[心]\n[赞", count: 300))
            }
        }
    }

    /// A writer reserves room for its worst case (`spareCapacity`); a held
    /// buffer near its limit gives that room without letting bytes go, so
    /// what it then writes, if it fits, is still held whole.
    @Test func aReservationPastTheLimitLeavesWhatFitsHeldWhole() {
        var held = ByteBuffer(capacity: 0, overflow: .hold(limit: 100, keep: 10))
        for byte in 0..<90 { held.append(byte: UInt8(byte)) }
        let output = held.spareCapacity(ByteBuffer.largestReservation)
        for offset in 0..<10 { output[offset] = UInt8(90 + offset) }
        held.didWrite(10)
        let (isWhole, bytes) = (held.isWhole, Array(held.bytes))
        #expect(isWhole)
        #expect(bytes == (0..<100).map { UInt8($0) })
        // Bytes written past that room are not held: counted only.
        for _ in 0..<(ByteBuffer.largestReservation + 1) { held.append(byte: 0) }
        let (isWholeAfter, count) = (held.isWhole, held.count)
        #expect(!isWholeAfter)
        #expect(count == 100 + ByteBuffer.largestReservation + 1)
    }

    /// Texts (as JSON strings) and render options (JSON members).
    static let bodies = [
        (#""hi [微笑] <b>&amp;</b> 👍🏽 [doge][不存在] \"q\" \\ \u0001""#, #","options":{"wrapEmoji":true}"#),
        (#""\#(String(repeating: "[微笑]好[doge]\\n😀", count: 2000))""#, ""),
        (
            #""\#(String(repeating: "[ok]", count: 3000))""#,
            #","options":{"baseURL":"https://x.example/\#(String(repeating: "a", count: 400))/"}"#
        ),
    ]

    /// Each endpoint's answer through the server's path: held whole when
    /// small, in pieces when over what is held; either way the same bytes as
    /// the answer held whole, and its count is theirs.
    @Test(arguments: bodies.indices, [64, 4096, 1 << 20])
    func everyEndpointAnswersTheSameBytesHeldOrInPieces(body: Int, held: Int) throws {
        let (text, options) = Self.bodies[body]
        let render = Array(#"{"text":\#(text)\#(options)}"#.utf8)
        let count = Array(#"{"text":\#(text)}"#.utf8)
        let edit = Array(#"{"text":\#(text),"op":"selectAll"}"#.utf8)
        let calls: [(String, () throws -> [UInt8], (AnswerLimit) throws -> Answer)] = [
            ("render", { try api.render(render) }, { try api.render(render, limit: $0) }),
            ("count", { try api.count(count) }, { try api.count(count, limit: $0) }),
            ("edit", { try api.edit(edit) }, { try api.edit(edit, limit: $0) }),
        ]
        for (name, whole, limited) in calls {
            let expected = try whole()
            let answer = try limited(AnswerLimit(most: 1 << 30, held: held))
            #expect(answer.count == expected.count, "\(name)")
            if case .whole = answer { #expect(expected.count <= held, "\(name)") }
            if case .pieces(let pieces) = answer {
                #expect(expected.count > held, "\(name)")
                var joined: [UInt8] = []
                var largest = 0
                pieces.write {
                    joined += $0
                    largest = max(largest, $0.count)
                }
                #expect(joined == expected, "\(name)")
                // Pieces, never the whole answer at once.
                #expect(largest <= ByteBuffer.pieceSize, "\(name)")
            }
        }
    }

    /// Over the limit by one byte: refused, saying by how much; at it, answered.
    @Test func anAnswerOverTheLimitIsRefusedWithItsSize() throws {
        let body = Array(#"{"text":\#(Self.bodies[1].0)}"#.utf8)
        let size = try api.render(body).count
        for held in [1024, 1 << 20] {
            #expect(try api.render(body, limit: AnswerLimit(most: size, held: held)).count == size)
            #expect(throws: APIError.answerTooLarge(size, limit: size - 1)) {
                try api.render(body, limit: AnswerLimit(most: size - 1, held: held))
            }
        }
        let error = APIError.answerTooLarge(size, limit: size - 1)
        #expect(error.code == .answerTooLarge)
        #expect(error.message.contains("\(size) bytes, over the limit of \(size - 1) bytes"))
    }

    /// Bytes out scale with bytes in: an answer may be 16 times its request,
    /// or 512 KiB whatever the request, and never over the service's limit.
    @Test func anAnswerMayBeSixteenTimesItsRequestOrHalfAMebibyteWithinTheLimit() {
        let service = AnswerLimit(most: 16 << 20, held: 4096)
        #expect(service.forRequest(ofBytes: 0).most == 512 << 10)
        #expect(service.forRequest(ofBytes: 35_000).most == 560_000)
        #expect(service.forRequest(ofBytes: 35_000).scaledFromRequest == 35_000)
        #expect(service.forRequest(ofBytes: 35_000).held == 4096)
        // Past a megabyte the service's own limit is the lower.
        #expect(service.forRequest(ofBytes: 1 << 20) == service)
        #expect(service.forRequest(ofBytes: .max) == service)
    }

    /// Refused by the ratio, the message says so, with the request's size.
    @Test func anAnswerOverItsRequestsRatioIsRefusedSayingSo() throws {
        let body = Array(#"{"text":"\#(String(repeating: "[ok]", count: 5000))"}"#.utf8)
        let limit = AnswerLimit(most: 16 << 20).forRequest(ofBytes: body.count)
        do {
            _ = try api.render(body, limit: limit)
            Issue.record("answered")
        } catch {
            #expect(error.code == .answerTooLarge)
            #expect(
                error.message.contains(
                    "over the limit of 524288 bytes (16 times the request's \(body.count) bytes: an answer may be that, or 524288 bytes, whichever is more)"
                ))
        }
        // The same codes with the text around them a message has: answered.
        let message = Array(#"{"text":"\#(String(repeating: "一二三四五六七八九十[微笑]", count: 5000))"}"#.utf8)
        let answer = try api.render(message, limit: AnswerLimit(most: 16 << 20).forRequest(ofBytes: message.count))
        #expect(answer.count > 512 << 10)
    }

    /// The amplifying render: a megabyte of the shortest code with the
    /// longest baseURL and className would be half a gigabyte; it is
    /// refused, unwritten. (A worker's memory meanwhile: Tests/e2e/test_resources.py.)
    @Test func theAmplifyingRenderIsRefusedWithTheSizeItWouldHaveBeen() throws {
        let text = String(repeating: "[ok]", count: (1 << 20) / 4 - 100)
        let body = Array(
            #"{"text":"\#(text)","options":{"baseURL":"https://x.example/\#(String(repeating: "a", count: 480))/","className":"\#(String(repeating: "c", count: 60))"}}"#
                .utf8)
        do {
            _ = try api.render(body, limit: AnswerLimit(most: AnswerLimit.defaultMost))
            Issue.record("answered")
        } catch {
            #expect(error.code == .answerTooLarge)
            // Known from the count before any of it is written: its stickers'
            // markup alone, about 450 times the body.
            #expect(error.message.hasPrefix("the answer would be at least "))
            let size = Int(error.message.split(separator: " ")[6])!
            #expect(size > 400 * body.count)
        }
    }

    /// `GET /api/render`'s fragment is held whole: refused over its limit, with its size.
    @Test func aFragmentOverItsLimitIsRefused() throws {
        let text = String(repeating: "[ok]", count: 2000)
        let html = try api.render(text, options: RenderOptions())
        #expect(try api.renderFragment(text, options: RenderOptions(), limit: html.utf8.count) == Array(html.utf8))
        #expect(throws: APIError.answerTooLarge(html.utf8.count, limit: html.utf8.count - 1)) {
            try api.renderFragment(text, options: RenderOptions(), limit: html.utf8.count - 1)
        }
    }
}

import Foundation
import StickerText
import StickerTextJSON
import StickerTextTestSupport
import Testing

/// The JSON bodies the CLI writes and the server will serve.
struct APITests {
    let api = StickerTextAPI()

    func error(_ body: String, _ call: (StickerTextAPI, [UInt8]) throws(APIError) -> [UInt8]) -> APIError? {
        do {
            _ = try call(api, Array(body.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func editResponseHasTheWholeSchema() throws {
        let response = jsonObject(try api.edit(Array(#"{"text":"a","op":"insert","string":"[微笑]"}"#.utf8)))
        #expect(
            Set(response.keys) == [
                "text", "selection", "plainSelection", "html", "counts", "changed", "truncated", "rejected", "note",
                "message",
            ])
        #expect((response["html"] as? String)?.contains("<img class=\"sticker\"") == true)
        let counts = try #require(response["counts"] as? [String: Any])
        #expect(
            Set(counts.keys).isSuperset(of: [
                "graphemes", "utf16", "utf8", "gb18030", "weighted", "stickers", "emoji", "valid", "remaining",
            ]))
    }

    @Test func cutAndCopyCarryTheClipboard() throws {
        let response = jsonObject(
            try api.edit(Array(#"{"text":"a[微笑]","selection":{"location":1,"length":1},"op":"copy"}"#.utf8)))
        #expect(response["clipboard"] as? String == "[微笑]")
    }

    @Test func renderResponse() throws {
        let response = jsonObject(
            try api.render(Array(#"{"text":"hi [微笑] <b>","options":{"baseURL":"https://x.example/"}}"#.utf8)))
        #expect(
            (response["html"] as? String)?.hasPrefix(
                "hi <img class=\"sticker\" src=\"https://x.example/stickers/weibo/smile.png\"") == true)
        #expect((response["stickers"] as? [Any])?.count == 1)
    }

    @Test(arguments: [
        ("{", "invalid_json"),
        ("[]", "invalid_request"),
        (#"{"text": 5, "op": "copy"}"#, "invalid_request"),
        (#"{"text": "a", "op": "copy", "selection": {"location": "x", "length": 0}}"#, "invalid_request"),
        (#"{"text": "a", "op": "copy", "unit": "bytes"}"#, "invalid_request"),
        (#"{"text": "a", "op": "copy", "extra": 1}"#, "invalid_request"),
        (#"{"text": "a", "op": "moveCaret"}"#, "invalid_request"),
        (#"{"text": "a", "op": "copy", "policy": {"countMode": "words"}}"#, "invalid_request"),
        (
            #"{"text": "a", "op": "copy", "selection": {"location": 99999999999999999999, "length": 0}}"#,
            "invalid_request"
        ),
        (#"{"text": "a\u0000b", "op": "copy"}"#, "invalid_request"),
        // Fields the op does not use are still checked (schemathesis found these accepted).
        (#"{"text": "", "op": "cut", "offset": 9223372036854775808}"#, "invalid_request"),
        (#"{"text": "", "op": "copy", "string": 5}"#, "invalid_request"),
        (#"{"text": "", "op": "select", "tag": []}"#, "invalid_request"),
        // An end past Int.max is out of range, not a crashed worker (schemathesis found it).
        (
            #"{"text": "a[微笑]b", "op": "cut", "selection": {"location": 1, "length": 9223372036854775807}}"#,
            "out_of_range"
        ),
    ])
    func badEditRequests(_ body: String, _ code: String) {
        let found = error(body) { api, body throws(APIError) in try api.edit(body) }
        #expect(found?.code.rawValue == code, "\(found?.message ?? "no error")")
        #expect(found?.message.isEmpty == false)
    }

    @Test func invalidUTF8Body() {
        do {
            _ = try api.count([0x7B, 0x22, 0xFF, 0x22, 0x7D])
            Issue.record("no error")
        } catch {
            #expect(error.code.rawValue == "invalid_utf8")
        }
    }

    @Test func badRenderOptions() {
        let found = error(#"{"text":"a","options":{"baseURL":"javascript:alert(1)"}}"#) { api, body throws(APIError) in
            try api.render(body)
        }
        #expect(found?.code.rawValue == "invalid_request")
    }

    /// One decoder for every source: an unknown lang names the field and the values it takes.
    @Test func unknownLangIsRefusedNamingTheFieldAndItsValues() throws {
        for lang in [#""fr""#, #""EN""#, #""""#] {
            let found = error(#"{"text":"a","options":{"lang":\#(lang)}}"#) { api, body throws(APIError) in
                try api.render(body)
            }
            #expect(found?.code.rawValue == "invalid_request")
            #expect(found?.message == "options.lang must be one of zh, en, not \(lang)")
        }
        let wrongType = error(#"{"text":"a","options":{"lang":1}}"#) { api, body throws(APIError) in
            try api.render(body)
        }
        #expect(wrongType?.message == "options.lang must be a string, not a number")
        #expect(throws: APIError(.invalidRequest, #"lang must be one of zh, en, not "fr""#)) {
            try RenderOptions(textValues: [("lang", "fr")])
        }
        #expect(try RenderOptions(textValues: [("lang", "en")]).lang == .en)
        #expect(try RenderOptions(textValues: []).lang == .zh)
    }

    @Test func errorJSONShape() throws {
        let e = APIError(.invalidJSON, "bad \"quote\"\n")
        let object = try JSONSerialization.jsonObject(with: Data(e.jsonBody)) as? [String: [String: String]]
        #expect(object?["error"]?["code"] == "invalid_json")
        #expect(object?["error"]?["message"] == "bad \"quote\"\n")
    }

    /// A renderer for options other than the defaults is prepared once and
    /// kept for the next requests (ten options, more than are kept, from
    /// several threads at once): each answer is the one a fresh renderer gives.
    @Test func renderersOfOtherOptionsAreKeptAndAnswerAsNewOnes() async throws {
        let bodies = (0..<10).map {
            #"{"text":"hi [微笑]","options":{"size":\#(20 + $0),"baseURL":"https://cdn\#($0).example/"}}"#
        }
        let fresh = try bodies.map { try StickerTextAPI().render(Array($0.utf8)) }
        let api = self.api
        try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for round in 0..<40 { group.addTask { (round % 10, try api.render(Array(bodies[round % 10].utf8))) } }
            for try await (k, answer) in group { #expect(answer == fresh[k]) }
        }
    }

    /// Options are checked in bytes before they are compared: a baseURL of
    /// marks is refused at once, not normalized to be compared.
    @Test func optionsOfMarksAreRefusedAtOnce() {
        let marks = "a" + String(repeating: "\u{301}\u{316}", count: 20_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(
                error(#"{"text":"hi","options":{"baseURL":"\#(marks)"}}"#) { (api, body) throws(APIError) in
                    try api.render(body)
                }?.code == .invalidRequest)
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }
}

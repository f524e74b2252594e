import Foundation
import StickerTextTestSupport
import Testing

@testable import StickerText
@testable import StickerTextJSON

/// The API's own JSON reading and writing: strict on input, exact on output.
struct JSONTests {
    let api = StickerTextAPI()

    func count(_ body: String) -> Result<[String: Any], APIError> {
        do {
            return .success(jsonObject(try api.count(Array(body.utf8))))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [
        #"{"text":"\ud800"}"#, #"{"text":"\udc00x"}"#, #"{"text":"\ud800\u0041"}"#,  // lone surrogates
        "{\"text\":\"a\u{1}\"}",  // raw control character
        #"{"text":"a"} x"#, #"{"text":"a",}"#, #"{"text":'a'}"#, #"{"text":"\x"}"#, #"{"text":01}"#, "",
        String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
    ])
    func malformedJSONIsRefused(_ body: String) {
        guard case .failure(let error) = count(body) else {
            Issue.record("accepted \(body)")
            return
        }
        #expect(error.code.rawValue == "invalid_json", "\(error.message)")
        #expect(error.message.contains("at byte"))
    }

    /// Strings are scanned eight bytes at a time: every escape, quote and
    /// control character must be found at every position of a word, and the
    /// text between escapes copied whole.
    @Test func stringsDecodeAtEveryPositionAndLength() throws {
        let pieces = ["a", "中", "😀", "\"", "\\", "\n", "\t", "\u{1}", "/", "\u{7F}", "é", "<b>"]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<10 {
                let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
                var w = JSONWriter()
                w.object { w in
                    w.key("text")
                    w.string(text)
                }
                var body = w.bytes
                var span = try UTF8Span(validating: body.span)
                guard case .object(let fields) = try JSONValue.parse(span), case .string(let decoded)? = fields["text"]
                else {
                    Issue.record("not an object with a string")
                    continue
                }
                #expect(decoded == text)
                // Cut short anywhere inside the string: never accepted.
                var cut = Int.random(in: 9..<body.count - 1, using: &generator)
                while body[cut] & 0xC0 == 0x80 { cut -= 1 }  // at a scalar's start
                body = Array(body[..<cut])
                span = try UTF8Span(validating: body.span)
                #expect(throws: JSONError.self) { try JSONValue.parse(span) }
            }
        }
    }

    @Test func aRawControlCharacterIsRefusedAtEveryPosition() {
        for position in 0..<20 {
            let body =
                "{\"text\":\"" + String(repeating: "a", count: position) + "\u{1F}"
                + String(repeating: "b", count: 20 - position) + "\"}"
            guard case .failure(let error) = count(body) else {
                Issue.record("accepted a raw control at \(position)")
                continue
            }
            #expect(error.message.contains("control character"), "\(error.message)")
            let escaped = "{\"text\":\"" + String(repeating: "\\\\", count: position) + "\u{1F}\"}"
            guard case .failure(let after) = count(escaped) else {
                Issue.record("accepted a raw control after escapes")
                continue
            }
            #expect(after.message.contains("control character"), "\(after.message)")
        }
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let result = try count(#"{"text":"\u4f60\"\\\/\n\t\ud83d\ude00"}"#).get()
        #expect(result["utf16"] as? Int == 1 + 1 + 1 + 1 + 1 + 1 + 2)
        #expect((result["emoji"] as? [[String: Any]])?.first?["emoji"] as? String == "😀")
    }

    @Test func outputEscapesAndRoundTrips() throws {
        let text = "a\"b\\c\n\r\t\u{1}\u{1F}中😀</script>"
        let body = try JSONSerialization.data(withJSONObject: ["text": text, "op": "selectAll"])
        let response = jsonObject(try api.edit(Array(body)))
        #expect(response["text"] as? String == text)
    }

    @Test func wrongTypesNameTheField() {
        for (body, field) in [
            (#"{"text":"a","policy":{"maxLength":"9"}}"#, "policy.maxLength"),
            (#"{"text":"a","policy":{"maxLength":1.5}}"#, "policy.maxLength"),
            (#"{"text":"a","policy":{"countMode":"words"}}"#, "policy.countMode"),
            (#"{"text":"a","policy":{"nope":1}}"#, "policy.nope"),
            (#"{"text":null}"#, "text"),
        ] {
            guard case .failure(let error) = count(body) else {
                Issue.record("accepted \(body)")
                continue
            }
            #expect(error.code.rawValue == "invalid_request")
            #expect(error.message.contains(field), "\(error.message)")
        }
    }

    @Test func depthWithinTheLimitIsFine() {
        let nested = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        guard case .failure(let error) = count(#"{"text":"a","policy":"# + nested + "}") else { return }
        #expect(error.code.rawValue == "invalid_request")  // parsed fine; wrong type for policy
    }

    @Test(arguments: [
        ("45", 45), ("45.0", 45), ("4.5e1", 45), ("450e-1", 45), ("45.000E+0", 45), ("0.0", 0), ("-0", 0),
        ("1e2", 100), ("0.45e2", 45), ("9223372036854775807", Int.max),
    ])
    func integralNumbersAreIntegersAsJSONSchemaSays(_ literal: String, _ value: Int) throws {
        let result = try count(#"{"text":"a","policy":{"maxLength":"# + literal + "}}").get()
        #expect(result["maxLength"] as? Int == value)
    }

    @Test(arguments: [
        "45.5", "4.55e1", "1e-1", "1e400", "99999999999999999999", "9223372036854775808", "-9223372036854775809",
    ])
    func fractionsAndHugeNumbersAreRefusedWithTheirReason(_ literal: String) {
        guard case .failure(let error) = count(#"{"text":"a","policy":{"decimalPlaces":"# + literal + "}}") else {
            Issue.record("accepted \(literal)")
            return
        }
        #expect(error.code == .invalidRequest)
        #expect(
            error.message.contains(literal.contains("e4") || literal.count > 10 ? "out of range" : "whole number"),
            "\(error.message)")
    }

    @Test func writtenNumbersAreTheirDecimalFormAtEveryLength() {
        var samples: [Int?] = [nil, 0, -1, .min, .max, .min + 1, .max - 1]
        var power = 1
        for _ in 0..<18 {
            samples += [power, power - 1, power + 1, -power, -power + 1, 10 * power - 1]
            power *= 10
        }
        var w = JSONWriter()
        w.array(samples) { w, n in w.int(n) }
        let expected = "[" + samples.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
        #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
    }

    /// The API copies each sticker's listing from a table made per catalog:
    /// for every code of the catalog, it is what writing the listing gives.
    @Test func preparedStickerListingsAreTheListingsWritten() {
        let catalog = StickerCatalog.default
        let text = catalog.entries.map(\.code).joined(separator: "x")
        let counts = TextBackedString(text, catalog: catalog).counts()
        #expect(counts.stickers.count == catalog.entries.count)
        var plain = JSONWriter()
        var prepared = JSONWriter()
        counts.write(to: &plain)
        counts.write(to: &prepared, listings: StickerListings(catalog: catalog))
        #expect(String(decoding: prepared.bytes, as: UTF8.self) == String(decoding: plain.bytes, as: UTF8.self))
    }

    @Test func wholeNumbersReachBothEndsOfInt() {
        #expect(JSONValue.integer("-9223372036854775808") == .whole(.min))
        #expect(JSONValue.integer("-9.223372036854775808e18") == .whole(.min))
        #expect(JSONValue.integer("9223372036854775807") == .whole(.max))
        #expect(JSONValue.integer("9223372036854775808") == .tooLarge)
        #expect(JSONValue.integer("-9223372036854775809") == .tooLarge)
        #expect(JSONValue.integer("-0.0") == .whole(0))
    }

    @Test func wholeNumbersAreReadWhereverTheirDigitsStand() {
        #expect(JSONValue.integer("45") == .whole(45))
        #expect(JSONValue.integer("45.0") == .whole(45))
        #expect(JSONValue.integer("4.5e1") == .whole(45))
        #expect(JSONValue.integer("450e-1") == .whole(45))
        #expect(JSONValue.integer("0.045e3") == .whole(45))
        #expect(JSONValue.integer("1005") == .whole(1005))
        #expect(JSONValue.integer("45.5") == .fraction)
        #expect(JSONValue.integer("1e-1") == .fraction)
        #expect(JSONValue.integer("0e99999999999999999999") == .whole(0))
        #expect(JSONValue.integer("1e19") == .tooLarge)
        #expect(JSONValue.integer("-1e400") == .tooLarge)
        #expect(JSONValue.integer("1e-99999999999999999999") == .fraction)
        #expect(JSONValue.integer("0.00000000000000000000000000001e29") == .whole(1))
        #expect(JSONValue.integer("1" + String(repeating: "0", count: 29) + "e-28") == .whole(10))
    }

    /// `0.{1,040,000 zeros}1e1040001` equals 1: the exponent is read in
    /// full (it was cut at 1,000,000), and the zeros in one pass (removed
    /// one at a time from the front, half a million took 2.2 s).
    @Test func aNumberOfAMillionZerosIsReadInOnePass() {
        let zeros = String(repeating: "0", count: 1_040_000)
        #expect(JSONValue.integer("0.\(zeros)1e1040001") == .whole(1))
        #expect(JSONValue.integer("0.\(zeros)1e1040000") == .fraction)
        #expect(JSONValue.integer("-7.\(zeros)") == .whole(-7))
        #expect(JSONValue.integer("1\(zeros)") == .tooLarge)
        #expect(JSONValue.integer("1\(zeros)e-1040000") == .whole(1))
    }

    /// Names and closed-set values are compared in bytes: a `String`
    /// compares by canonical equivalence, normalizing both sides, and a run
    /// of marks made that quadratic (an `op` of 16,000 marks: 1.2 s; a 30 KB
    /// body of such names: 12 s). `é` and e + U+0301 are two names.
    @Test func namesAndChoicesAreComparedByTheirBytes() throws {
        let marks = "a" + String(repeating: "\u{301}", count: 20_000) + String(repeating: "\u{316}", count: 20_000)
        let api = StickerTextAPI()
        let clock = ContinuousClock()
        for body in [
            #"{"text":"a","op":"\#(marks)"}"#, #"{"text":"a","\#(marks)":1,"op":"selectAll"}"#,
            #"{"text":"a","op":"selectAll","unit":"\#(marks)"}"#,
            #"{"text":"a","op":"selectAll","policy":{"countMode":"\#(marks)"}}"#,
        ] {
            let elapsed = clock.measure { #expect(throws: APIError.self) { try api.edit(Array(body.utf8)) } }
            #expect(elapsed < .seconds(2), "\(elapsed)")
        }
        #expect(throws: APIError(.invalidRequest, "unknown field \"e\u{301}\"; expected text, policy")) {
            try api.count(Array(#"{"text":"a","\#u{E9}":1,"e\#u{301}":2}"#.utf8))
        }
    }

    /// A duplicate name is found whether the object's names are still
    /// compared one by one or already hashed (past `comparedNames`), and named
    /// at its opening quote. JSON by RFC 8259's grammar, it is refused as a
    /// value, not as JSON.
    @Test func aDuplicateIsRefusedWhereverItStands() {
        for count in 1...2 * JSONParser.comparedNames + 2 {
            for again in 0..<count {
                let names = (0..<count).map { "\"f\($0)\":\($0)" } + ["\"f\(again)\":[1]", "\"f\(count)\":2"]
                let body = "{" + names.joined(separator: ",") + "}"
                let start = body.utf8.count - "\"f\(again)\":[1],\"f\(count)\":2}".utf8.count
                #expect(
                    throws: JSONError(
                        .invalidValue, "duplicate field \"f\(again)\" at byte \(start): a field may be given once"),
                    "\(count) names, f\(again) again"
                ) { try JSONValue.parse(Array(body.utf8)) }
            }
        }
    }

    /// A name given twice is JSON (RFC 8259's grammar takes it; JSONTestSuite's
    /// `y_object_duplicated_key.json`): refused as a request, naming the field
    /// by its path as the other refusals do, the first one if there are more.
    @Test(arguments: [
        (#"{"text":"a","text":"b"}"#, #"duplicate field "text" at byte 12"#),
        (#"{"text":"a","policy":{"maxLength":1,"maxLength":2}}"#, #"duplicate field "policy.maxLength" at byte 36"#),
        (#"{"a":[{"b":1},{"c":[0,{"d":1,"d":1}]}],"e":0,"e":0}"#, #"duplicate field "a[1].c[1].d" at byte 29"#),
        (#"{"a":1,"a":{"b":1,"b":2}}"#, #"duplicate field "a" at byte 7"#),
        (#"{"a":{"b":1,"b":2},"a":1}"#, #"duplicate field "a.b" at byte 12"#),
        (#"[{},{"x":null,"x":null}]"#, #"duplicate field "[1].x" at byte 14"#),
    ])
    func aDuplicatedFieldIsAnInvalidRequestNamedByItsPath(_ body: String, _ message: String) {
        #expect(throws: APIError(.invalidRequest, "\(message): a field may be given once")) {
            try api.count(Array(body.utf8))
        }
    }

    /// Only a document that is JSON throughout is refused for a duplicate:
    /// one that is not JSON after it is `invalid_json` (or `invalid_utf8`), named where it breaks.
    @Test(arguments: [
        (#"{"a":1,"a":2"#, "invalid_json"), (#"{"a":1,"a":2}x"#, "invalid_json"), (#"{"a":1,"a":2,}"#, "invalid_json"),
        (#"{"a":{"b":1,"b":2},"a":"\ud800"}"#, "invalid_json"), ("{\"a\":1,\"a\":\"\u{1}\"}", "invalid_json"),
    ])
    func aDuplicateInADocumentThatIsNotJSONIsInvalidJSON(_ body: String, _ code: String) {
        guard case .failure(let error) = count(body) else {
            Issue.record("accepted \(body)")
            return
        }
        #expect(error.code.rawValue == code, "\(error.message)")
        #expect(error.message.contains("at byte") && !error.message.contains("duplicate"), "\(error.message)")
    }

    @Test func aDuplicateInABodyThatIsNotUTF8IsInvalidUTF8() {
        #expect(throws: APIError(.invalidUTF8, "the request body is not valid UTF-8 (first bad byte at offset 13)")) {
            try api.count(Array(#"{"a":1,"a":2}"#.utf8) + [0xFF])
        }
    }

    /// Every closed set the API reads by name is read back from each raw
    /// value (`FieldName.choice` looks no further than `longestChoice` bytes).
    @Test func everyChoiceIsReadFromItsRawValue() {
        func check<T: RawRepresentable & CaseIterable & Equatable>(_ type: T.Type) where T.RawValue == String {
            for value in T.allCases { #expect(FieldName.choice(value.rawValue, of: T.self) == value) }
            #expect(FieldName.choice("", of: T.self) == nil)
        }
        check(TextRange.Unit.self)
        check(EditOperation.Kind.self)
        check(InputPolicy.CountMode.self)
        check(InputPolicy.EmojiRule.self)
        check(InputPolicy.ContentRule.self)
        check(RenderOptions.Language.self)
        check(StickerPack.Kind.self)
        check(StickerTextAPI.SearchParameter.self)
        check(RenderOptions.Field.self)
    }
}

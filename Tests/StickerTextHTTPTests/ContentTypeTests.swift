import Testing

@testable import StickerTextHTTP

/// `APIHandler.isJSON` reads ASCII headers in their bytes; it must answer as
/// its rule, the String form (`isJSON(unicode:)`), does.
struct ContentTypeTests {
    static let pieces = [
        "application/json", "Application/JSON", "application/x-www-form-urlencoded", "application/jsonp", "text/plain",
        ";", " ", "\t", "charset=utf-8", "CharSet = \"UTF-8\"", "charset=latin1", "charset", "=", "x", "\r\n",
        "\u{37E}", "\u{301}", "\u{212A}",
    ]

    @Test func bytesAgreeWithTheRule() {
        var checked = 0
        for a in Self.pieces {
            for b in Self.pieces {
                for c in Self.pieces {
                    for header in [a, a + b, a + b + c, b + a + c] {
                        #expect(
                            APIHandler.isJSON(header) == APIHandler.isJSON(unicode: header),
                            "\(header.debugDescription)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 20_000)
    }

    @Test(arguments: [
        ("application/json", true), ("application/json; charset=UTF-8", true),
        ("Application/Json;charset=\"utf-8\"", true),
        (";;application/json;", true), ("APPLICATION/JSON; Charset=UTF-8", true),
        // What a page on another site can send without a preflight, whatever the body.
        ("application/x-www-form-urlencoded", false), ("text/plain", false), ("multipart/form-data; boundary=x", false),
        ("application/x-www-form-urlencoded; charset=utf-8", false), ("text/plain;charset=UTF-8", false),
        ("application/json; boundary=x", true),
        ("application/json; charset=latin1", false), ("  ;application/json", false), ("", false), ("text/plain", false),
    ])
    func examples(header: String, json: Bool) {
        #expect(APIHandler.isJSON(header) == json)
    }
}

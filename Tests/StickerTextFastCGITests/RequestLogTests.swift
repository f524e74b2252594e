import Logging
import StickerTextHTTP
import Testing

@testable import StickerTextFastCGI

/// A request's log line is one line of printable ASCII, bounded whatever the
/// client sends: nginx hands the worker the path decoded, `%0A` a line feed.
struct RequestLogTests {
    /// The line `RequestLog` writes for a request, without its timestamp and prefix.
    static func line(method: String = "GET", path: String, status: ResponseStatus = .notFound) -> String {
        var log = RequestLog(logger: Logger(label: "stickertext"), output: RequestLog.Output())
        log.compose(method: method, path: path, status: status, micros: 61)
        let text = String(decoding: log.line, as: UTF8.self)
        return String(text[text.range(of: "[StickerTextFastCGI] ")!.upperBound...])
    }

    @Test func aPlainRequestIsWrittenAsItCame() {
        #expect(Self.line(path: "/api/render", status: .ok) == "GET /api/render 200 0.061ms\n")
    }

    @Test func aLineFeedInThePathCannotBeginAForgedLine() {
        let line = Self.line(
            path: "/x\n2026-11-29T00:00:00+0000 info stickertext: [StickerTextFastCGI] GET / 200 0.1ms")
        #expect(line.filter { $0 == "\n" }.count == 1 && line.hasSuffix("404 0.061ms\n"))
        #expect(line.hasPrefix("GET /x\\x0A2026-11-29T00:00:00+0000\\x20info\\x20"))
    }

    @Test func terminalEscapesSpacesBackslashesAndNonASCIIAreEscaped() {
        #expect(Self.line(path: "/\u{1B}[2J a\\b/笑") == "GET /\\x1B[2J\\x20a\\x5Cb/\\xE7\\xAC\\x91 404 0.061ms\n")
    }

    @Test func aLongPathIsCutWithItsLengthSaid() {
        let line = Self.line(path: "/" + String(repeating: "a", count: 8191))
        #expect(line == "GET /" + String(repeating: "a", count: RequestLog.pathBytes - 1) + "...[8192B] 404 0.061ms\n")
    }

    @Test func anEscapeIsNeverCutInHalf() {
        let line = Self.line(path: String(repeating: "\n", count: 100))
        let field = line.split(separator: " ")[1]
        #expect(field.hasPrefix(String(repeating: "\\x0A", count: RequestLog.pathBytes / 4) + "...[100B]"))
    }

    @Test func theLineIsBoundedWhateverTheClientSends() {
        let worst = Self.line(
            method: String(repeating: "\u{7F}", count: 100), path: String(repeating: "é", count: 4096))
        #expect(worst.utf8.count <= RequestLog.methodBytes + RequestLog.pathBytes + 60)
        #expect(Self.line(path: "") == "GET - 404 0.061ms\n")
    }
}

import StickerTextHTTP
import Testing

@testable import StickerTextFastCGI

/// A flood of errors from one address writes a few lines and one summary a
/// window, not a line a request; the table of addresses stays bounded
/// whatever number of addresses send.
struct RepeatedErrorsTests {
    static func client(_ address: String) -> ClientKey { address.withCString { ClientKey(remoteAddress: $0) } }

    /// How many of `count` errors `client` sends from second `now` are written.
    static func send(
        _ count: Int, from client: ClientKey, _ status: ResponseStatus = .notFound, at now: UInt64,
        to errors: inout RepeatedErrors, summaries: inout [RepeatedErrors.Summary]
    ) -> Int {
        (0..<count).count { _ in errors.admit(client, status, now: now, summaries: &summaries) }
    }

    @Test func aClientsFirstErrorsAreWrittenAndTheRestAreCountedIntoOneSummary() {
        var errors = RepeatedErrors()
        var summaries: [RepeatedErrors.Summary] = []
        let flood = Self.client("127.0.0.2")
        var written = Self.send(900, from: flood, at: 100, to: &errors, summaries: &summaries)
        written += Self.send(100, from: flood, .tooManyRequests, at: 105, to: &errors, summaries: &summaries)
        #expect(written == RepeatedErrors.linesPerWindow && summaries.isEmpty)
        errors.sweep(now: 109, summaries: &summaries)
        #expect(summaries.isEmpty)
        errors.sweep(now: 110, summaries: &summaries)
        let counted = 900 - RepeatedErrors.linesPerWindow
        #expect(
            summaries == [.init(client: flood, counts: [(.notFound, counted), (.tooManyRequests, 100)], seconds: 10)])
        #expect(errors.count == 0)
    }

    @Test func theNextWindowWritesAgainAndClosesTheLastWithItsSummary() {
        var errors = RepeatedErrors()
        var summaries: [RepeatedErrors.Summary] = []
        let flood = Self.client("192.0.2.7")
        _ = Self.send(50, from: flood, at: 0, to: &errors, summaries: &summaries)
        #expect(Self.send(50, from: flood, at: 12, to: &errors, summaries: &summaries) == RepeatedErrors.linesPerWindow)
        #expect(summaries == [.init(client: flood, counts: [(.notFound, 40)], seconds: 12)])
    }

    @Test func aWorkerThatExitsWritesTheSummariesOfTheWindowsStillOpen() {
        var errors = RepeatedErrors()
        var summaries: [RepeatedErrors.Summary] = []
        let flood = Self.client("127.0.0.2")
        _ = Self.send(15, from: flood, at: 100, to: &errors, summaries: &summaries)
        errors.sweep(now: 103, summaries: &summaries, all: true)
        #expect(summaries == [.init(client: flood, counts: [(.notFound, 5)], seconds: 3)])
        #expect(errors.count == 0)
    }

    @Test func anotherAddressesErrorsAreWrittenWhileOneFloods() {
        var errors = RepeatedErrors()
        var summaries: [RepeatedErrors.Summary] = []
        _ = Self.send(10_000, from: Self.client("127.0.0.2"), at: 0, to: &errors, summaries: &summaries)
        #expect(Self.send(3, from: Self.client("127.0.0.3"), at: 1, to: &errors, summaries: &summaries) == 3)
    }

    @Test func noNumberOfAddressesGrowsTheTableOrTheLinesPastTheirBound() {
        var errors = RepeatedErrors()
        var summaries: [RepeatedErrors.Summary] = []
        var written = 0
        for address in 0..<5_000 {
            written += Self.send(
                20, from: Self.client("10.0.\(address / 256).\(address % 256)"), at: 0, to: &errors,
                summaries: &summaries)
            #expect(errors.count <= RepeatedErrors.capacity)
        }
        #expect(written == (RepeatedErrors.capacity + 1) * RepeatedErrors.linesPerWindow)
        errors.sweep(now: RepeatedErrors.window, summaries: &summaries)
        #expect(summaries.count == RepeatedErrors.capacity + 1)
        let others = summaries.first { $0.client == nil }
        #expect(others?.counts.first?.count == (5_000 - RepeatedErrors.capacity) * 20 - RepeatedErrors.linesPerWindow)
    }

    @Test func aSummaryIsOneLineOfNumbersAndTheAddress() {
        var lines: [UInt8] = []
        let summary = RepeatedErrors.Summary(
            client: Self.client("127.0.0.2"), counts: [(.notFound, 4990), (.tooManyRequests, 12)], seconds: 10)
        RequestLog.appendSummary(summary, prefix: RequestLog.prefix(label: "stickertext"), to: &lines)
        let text = String(decoding: lines, as: UTF8.self)
        #expect(
            text.hasSuffix(
                " info stickertext: [StickerTextFastCGI] ... 4990 more 404, 12 more 429 from 127.0.0.2 in the last 10 s\n"
            ))
        #expect(text.filter { $0 == "\n" }.count == 1)
        #expect(Self.client("2001:db8:0:1:aaaa:bbbb:cccc:dddd").logText == "2001:db8:0:1::/64")
        #expect(Self.client("::ffff:192.0.2.7").logText == "192.0.2.7")
        #expect(ClientKey(remoteAddress: nil).logText == "(no address)")
    }
}

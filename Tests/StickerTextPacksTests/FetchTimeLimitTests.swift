import Foundation
import StickerText
import Testing

@testable import StickerTextPacks

/// An import from an instance is held in time: each picture to the per-file
/// limit (`--timeout`), all of it to the whole import's (`--total-timeout`),
/// waiting without spinning while a server stalls (URLSession's loop burnt
/// 4.2 to 4.5 s of CPU in a 10 s stall; curl waits in poll).
@Suite(.serialized)
struct FetchTimeLimitTests {
    /// CPU seconds the calling thread has used: the fetch runs on it.
    func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test func aStalledPictureIsStoppedAtThePerFileTimeoutWithLittleCPU() throws {
        let server = try InternalNetworkServer()
        var options = ImportOptions()
        options.allowPrivateHost = true
        options.limits.requestSeconds = 1.5
        let clock = ContinuousClock()
        let cpu = threadCPUSeconds()
        var error: InputError?
        let took = clock.measure {
            error = #expect(throws: InputError.self) {
                try PackConversion.importPacks(from: server.url("/stalls"), format: .mastodonAPI, options: options)
            }
        }
        let used = threadCPUSeconds() - cpu
        #expect(
            error?.issues.map(\.message)
                == (1...3).map { "its image \"\(server.url("/stall/\($0)"))\" took more than 1.5 seconds" })
        // Each limit waited out (curl sets its timer in whole milliseconds: a moment early), none much past it.
        #expect(took >= .seconds(4.4) && took < .seconds(9))
        #expect(used < 0.5, "\(used) s of CPU in \(took) of stalls")
    }

    /// Past the whole import's time the picture being fetched is stopped
    /// and the others are not asked for, each named.
    @Test func theWholeImportStopsFetchingAtItsTotalTimeout() throws {
        let server = try InternalNetworkServer()
        var options = ImportOptions()
        options.allowPrivateHost = true
        options.limits.requestSeconds = 1.5
        options.totalSeconds = 2
        let clock = ContinuousClock()
        var error: InputError?
        let took = clock.measure {
            error = #expect(throws: InputError.self) {
                try PackConversion.importPacks(from: server.url("/stalls"), format: .mastodonAPI, options: options)
            }
        }
        let late = "is not fetched: the import took more than 2.0 seconds in all, its limit (--total-timeout)"
        #expect(
            error?.issues.map(\.message) == [
                "its image \"\(server.url("/stall/1"))\" took more than 1.5 seconds",
                "its image \"\(server.url("/stall/2"))\" \(late)", "its image \"\(server.url("/stall/3"))\" \(late)",
            ])
        #expect(took >= .seconds(1.9) && took < .seconds(4.5))
    }

    /// A host name is looked up within the fetch's time too: a name server
    /// that never answers holds getaddrinfo for its tries, 10 s and more.
    @Test func aHostNameNotResolvedInTimeIsStoppedAtThePerFileTimeout() throws {
        let access = FetchAccess(
            privateOrigin: .init(host: "slow.test", port: 80),
            resolve: { _ in
                Thread.sleep(forTimeInterval: 5)
                return .failed("answered too late")
            })
        var options = ImportOptions()
        options.limits.requestSeconds = 1
        let web = WebFiles(
            base: try #require(URL(string: "http://slow.test/api/emojis")), options: options, access: access)
        let clock = ContinuousClock()
        var error: InputError?
        let took = clock.measure { error = #expect(throws: InputError.self) { try web.document() } }
        #expect(error?.description == "http://slow.test/api/emojis: took more than 1.0 seconds")
        #expect(took >= .seconds(0.9) && took < .seconds(3))
    }

    /// A limit Duration cannot hold (it would trap) is read as none, or as none left.
    @Test func anyNumberOfSecondsIsALimitWithoutATrap() {
        #expect(HTTPFetch.duration(1e300) == .seconds(1e9) && HTTPFetch.duration(.infinity) == .seconds(1e9))
        #expect(HTTPFetch.duration(.nan) == .zero && HTTPFetch.duration(-1) == .zero)
        #expect(HTTPFetch.duration(1.5) == .milliseconds(1500))
    }
}

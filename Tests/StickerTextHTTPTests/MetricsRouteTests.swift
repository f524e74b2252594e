import StickerTextJSON
import Testing

@testable import StickerTextHTTP

/// `GET /metrics` as the backend answers it: to loopback clients only, the
/// snapshot in the text format.
struct MetricsRouteTests {
    func answer(_ method: String = "GET", peer: String?) -> HTTPResponse {
        var snapshot = MetricsSnapshot()
        snapshot.workersAlive = 3
        return MetricsRoute.response(to: HTTPRequest(method: method, path: "/metrics"), peer: peer) { snapshot }
    }

    @Test func aLoopbackClientGetsTheScoreboardInTheTextFormat() {
        let response = answer(peer: "127.0.0.1")
        #expect(response.status == .ok)
        #expect(response.header("content-type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(response.header("cache-control") == "no-store")
        #expect(String(decoding: response.body, as: UTF8.self).contains("\nstickertext_workers_alive 3\n"))
    }

    @Test func everyLoopbackAddressIsLocalAndNoOtherIs() {
        for address in ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "::ffff:127.0.0.1"] {
            #expect(MetricsRoute.isLoopback(address), "\(address)")
        }
        for address in [
            "10.0.0.1", "192.168.1.1", "128.0.0.1", "1.127.0.0", "127.0.0", "127.0.0.1.5", "::2", "::ffff:10.0.0.1", "",
            "localhost",
        ] {
            #expect(!MetricsRoute.isLoopback(address), "\(address)")
        }
    }

    @Test func anotherClientIsRefusedWithoutTheScoreboardBeingRead() {
        for peer in ["10.1.2.3", "2001:db8::1", nil] {
            let response = MetricsRoute.response(to: HTTPRequest(method: "GET", path: "/metrics"), peer: peer) {
                Issue.record("the scoreboard was read for \(peer ?? "no peer")")
                return MetricsSnapshot()
            }
            #expect(response.status == .forbidden)
            #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"forbidden""#))
        }
    }

    @Test func onlyGetAndHeadAreAllowed() {
        #expect(answer("HEAD", peer: "::1").status == .ok)
        let post = answer("POST", peer: "::1")
        #expect(post.status == .methodNotAllowed)
        #expect(post.header("allow") == "GET, HEAD")
    }
}

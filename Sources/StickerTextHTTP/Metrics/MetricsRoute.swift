import StickerText
import StickerTextJSON

/// `GET /metrics`: the scoreboard for a scraper on the same host. nginx is
/// the gate (its `location = /metrics` allows loopback clients only); the
/// backend checks the client address nginx passes (`REMOTE_ADDR`) as well,
/// so a site edited to pass more paths to the backend does not open it to
/// the world. It cannot keep out a FastCGI client that talks to a TCP
/// backend directly and sends any `REMOTE_ADDR` it likes: that is
/// `FCGI_WEB_SERVER_ADDRS`'s job (docs/operations.md).
public enum MetricsRoute {
    /// The answer to a request for `Route.metrics`; `peer` is the client's address as
    /// nginx saw it, `snapshot` reads the scoreboard (only if the answer needs it).
    public static func response(to request: HTTPRequest, peer: String?, snapshot: () -> MetricsSnapshot) -> HTTPResponse
    {
        guard let peer, isLoopback(peer) else {
            return .error(APIError(.forbidden, "\(Route.metrics.path) is served to this host's loopback clients only"))
        }
        guard Route.metrics.allows(request.method) else {
            return .methodNotAllowed(request.method, on: .metrics)
        }
        return HTTPResponse(
            status: .ok, headers: [("Content-Type", MetricsExposition.contentType), ("Cache-Control", "no-store")],
            body: Array(MetricsExposition.text(snapshot()).utf8))
    }

    /// 127.0.0.0/8, `::1`, and 127/8 written as IPv4-mapped IPv6 (`::ffff:127.…`).
    static func isLoopback(_ address: String) -> Bool {
        let v4 = address.lowercased().hasPrefix("::ffff:") ? address.dropFirst(7) : Substring(address)
        let octets = v4.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) { return octets[0] == "127" }
        return address == "::1"
    }
}

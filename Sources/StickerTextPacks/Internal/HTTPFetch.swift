import CLibcurl
import Foundation

/// One GET of an http or https URL through libcurl, only where `FetchAccess`
/// lets it go, bounded as an archive is: at most `maxBytes` of body (a
/// longer one is cut off as it comes, whatever its Content-Length said),
/// `limits.requestSeconds` in all and never past the end of the whole
/// import, `limits.maxRedirects` redirects and none to another scheme than
/// http or https. libcurl rather than URLSession: FoundationNetworking
/// resolves and connects where it likes and follows redirects itself, so it
/// cannot be held to the addresses checked; here each hop's host is resolved
/// once and checked, curl is given those addresses (CURLOPT_RESOLVE) and
/// may open a socket to no other (CURLOPT_OPENSOCKETFUNCTION), and each
/// redirect is a new hop, checked again. curl waits in poll(2) while a
/// server stalls (URLSession's loop spun: 4.2 to 4.5 s of CPU in a 10 s stall).
enum HTTPFetch {
    enum Outcome {
        case body([UInt8])
        /// Why there is no body: a status, an error.
        case failed(String)
        /// Why it was not asked for: the address its host or a redirect's has
        /// (`is refused: 127.0.0.2 is a loopback address`); nothing it answered.
        case refused(String)
        case tooLarge
        /// The whole import's time ran out during it.
        case outOfTime
    }

    /// Whether `url` is one an import may fetch: http or https, with a host.
    static func isFetchable(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "") && !(url.host ?? "").isEmpty
    }

    /// Fetches `url`; `importEnds` is when the whole import's time runs out.
    static func get(
        _ url: URL, maxBytes: Int, limits: ArchiveLimits, access: FetchAccess, importEnds: ContinuousClock.Instant
    ) -> Outcome {
        guard isFetchable(url) else { return .failed("is not an http or https URL") }
        let fetchEnds = min(.now + duration(limits.requestSeconds), importEnds)
        // When the import's end is the nearer limit, a timeout is the import's: curl's timer is set in
        // whole milliseconds, so it may end a moment before this clock reads that end (a loaded machine saw
        // the second picture said to take over its own limit, and the third fetched).
        func timedOut() -> Outcome {
            importEnds <= fetchEnds ? .outOfTime : .failed("took more than \(limits.requestSeconds) seconds")
        }
        var current = url.absoluteString
        var redirects = 0
        while true {
            // The first hop's problems are said of the URL; a redirect's, of where it went.
            let said = redirects == 0 ? "is" : "redirects to \(current),"
            guard let scheme = part(CURLUPART_SCHEME, of: current), ["http", "https"].contains(scheme.lowercased()),
                let origin = origin(of: current)
            else { return .failed("\(said) not an http or https URL") }
            let addresses: [IPAddress]
            switch access.check(origin, until: fetchEnds) {
            case .go(let checked): addresses = checked
            case .refused(let why): return .refused("\(said) refused: \(why)")
            case .unresolved(let why): return .failed("\(said) not fetched: \(why)")
            case .timedOut: return timedOut()
            }
            let hop = CurlTransfer(url: current, origin: origin, addresses: addresses, maxBytes: maxBytes)
            switch hop.perform(until: fetchEnds) {
            case .done(let status, _) where (300..<400).contains(status) && hop.location != nil:
                let location = hop.location ?? ""
                redirects += 1
                guard let scheme = part(CURLUPART_SCHEME, of: location),
                    ["http", "https"].contains(scheme.lowercased())
                else { return .failed("redirects to \(location), not an http or https URL") }
                guard redirects <= limits.maxRedirects else {
                    return .failed("redirects more than \(limits.maxRedirects) times")
                }
                current = location
            case .done(let status, _) where !(200..<300).contains(status): return .failed("answered HTTP \(status)")
            case .done(_, let body): return .body(body)
            case .tooLarge: return .tooLarge
            case .timedOut: return timedOut()
            case .strayAddress(let address):
                return .refused("\(said) refused: it was to connect to \(address), not to an address checked")
            case .failed(let why): return .failed("cannot be fetched: \(why)")
            }
        }
    }

    /// `seconds` as a Duration, which cannot hold NaN or more than about
    /// 10²⁰ s (it would trap): at most 10⁹ s, which is no limit.
    static func duration(_ seconds: Double) -> Duration {
        seconds > 0 ? .seconds(min(seconds, 1e9)) : .zero
    }

    /// Whole milliseconds from now to `end` (0 or less when it has passed).
    static func milliseconds(until end: ContinuousClock.Instant) -> Int {
        let left = end - .now
        return Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
    }

    /// The host and port of `url` as curl reads them.
    static func origin(of url: String) -> FetchAccess.Origin? {
        guard let host = part(CURLUPART_HOST, of: url), let port = part(CURLUPART_PORT, of: url).flatMap(Int.init)
        else { return nil }
        return FetchAccess.Origin(host: host, port: port)
    }

    /// A part of `url` as curl reads it, so that the host checked is the
    /// host curl asks (a URL parser of its own could read another); the
    /// port is the scheme's when none is written.
    private static func part(_ which: CURLUPart, of url: String) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard stickertext_curl_url_part(url, which, &value) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}

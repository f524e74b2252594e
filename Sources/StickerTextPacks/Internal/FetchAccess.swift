import Foundation

/// Which hosts an import's fetches may reach: a host whose every address is
/// public (`AddressClass`), and, when the admin allows it
/// (`ImportOptions.allowPrivateHost`, `--allow-private-host`), the
/// instance's own host and port, those of the URL they named, whatever its
/// addresses. A picture elsewhere on a private network stays refused: the
/// instance's list names its URLs, and an instance may be anyone's.
/// A host name is resolved once, here; the fetch connects to the addresses
/// checked and no other (`HTTPFetch`), so a second answer of its DNS cannot
/// send it elsewhere.
struct FetchAccess: Sendable {
    /// A host (lower case, an IPv6 address without brackets) and port.
    struct Origin: Hashable, Sendable {
        let host: String
        let port: Int

        init(host: String, port: Int) {
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            self.host = bare.lowercased()
            self.port = port
        }
    }

    enum Resolution: Sendable {
        case addresses([IPAddress])
        case failed(String)
    }

    enum Verdict: Equatable {
        /// Fetch it, connecting to these addresses only.
        case go([IPAddress])
        /// Not fetched, and why (`127.0.0.2 is a loopback address`).
        case refused(String)
        /// Its name has no address.
        case unresolved(String)
        /// Its name was not resolved in the time left.
        case timedOut
    }

    /// The host that may be private, when the admin allows it.
    let privateOrigin: Origin?
    /// A host name's addresses: the system's resolver (getaddrinfo), or a test's.
    let resolve: @Sendable (String) -> Resolution

    init(privateOrigin: Origin? = nil, resolve: @escaping @Sendable (String) -> Resolution = Self.systemResolve) {
        self.privateOrigin = privateOrigin
        self.resolve = resolve
    }

    /// Where a fetch of `origin` may connect, or why it may not, said by
    /// `end` (by default 30 s on, a fetch's own limit).
    func check(_ origin: Origin, until end: ContinuousClock.Instant = .now + .seconds(30)) -> Verdict {
        let trusted = origin == privateOrigin
        if let literal = IPAddress(origin.host) {
            if !trusted, let kind = AddressClass.of(literal) { return .refused("\(origin.host) is \(kind)") }
            return .go([literal])
        }
        switch resolve(origin.host, until: end) {
        case nil: return .timedOut
        case .failed(let why): return .unresolved(why)
        case .addresses(let found) where found.isEmpty: return .unresolved("\(origin.host) has no address")
        case .addresses(let found):
            if !trusted,
                let (address, kind) = found.lazy.compactMap({ a in AddressClass.of(a).map { (a, $0) } }).first
            {
                return .refused("\(origin.host) is \(address), \(kind)")
            }
            return .go(found)
        }
    }

    /// `resolve(host)` on a thread of its own, waited for until `end`, nil
    /// past it: getaddrinfo has no timeout of its own, and a name server
    /// that never answers holds it for all the resolver's tries (10 s and
    /// more). A late answer is dropped when it comes.
    private func resolve(_ host: String, until end: ContinuousClock.Instant) -> Resolution? {
        let answer = Answer()
        let resolve = resolve
        Thread.detachNewThread { answer.give(resolve(host)) }
        let milliseconds = HTTPFetch.milliseconds(until: end)
        guard milliseconds > 0, answer.given.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
        else { return nil }
        return answer.lock.withLock { answer.resolution }
    }

    /// The resolver thread's answer, handed over.
    private final class Answer: @unchecked Sendable {
        let lock = NSLock()
        let given = DispatchSemaphore(value: 0)
        var resolution: Resolution?

        func give(_ resolution: Resolution) {
            lock.withLock { self.resolution = resolution }
            given.signal()
        }
    }

    /// Every address getaddrinfo gives `host`, IPv4 and IPv6, once each.
    @Sendable static func systemResolve(_ host: String) -> Resolution {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else {
            return .failed("\(host) cannot be resolved: \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var found: [IPAddress] = []
        var next = list
        while let entry = next {
            if let address = entry.pointee.ai_addr.flatMap({ IPAddress(UnsafePointer($0)) }), !found.contains(address) {
                found.append(address)
            }
            next = entry.pointee.ai_next
        }
        return .addresses(found)
    }
}

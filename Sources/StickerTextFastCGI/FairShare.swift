import Glibc

/// Fairness that works only under contention: a client gets every thread
/// nobody else wants, and an equal share of a pool's threads when others want
/// them too. A thread that has just accepted a request reads, in one pass over
/// the scoreboard's seats (`Scoreboard.Seat`), how many of its pool's threads
/// are busy in all the workers and how many of them serve this request's
/// client; if this request took the pool's last idle thread, it counts the
/// clients that want the pool, and a request over its client's share is
/// answered `429 too_many_requests` at once, before any of its work is done.
///
/// "Others wait" cannot be read directly: what waits is a connection in the
/// listening socket's backlog or a request on a connection nginx keeps, and
/// neither says whose request it is until a thread has read it. So the rule
/// takes contention to be every thread of the pool busy (the next request,
/// from anyone, waits for a thread), or more of them busy than the host has
/// cores: a request is CPU work with nothing to wait on (nginx has read its
/// body), so past the cores the busy threads take turns on them and each
/// request waits for the others. The clients that want the pool are those its
/// threads serve now and those it served in the last `recentMillis` (a table
/// of 64 per pool): a client whose requests come one at a time, or a few a
/// second, holds no thread most of the time but is about to want one. A flood
/// from one address then holds about its share of the cores while others come
/// and go, its requests over that answered 429 in a few µs each; alone, it
/// takes every thread.
enum FairShare {
    /// Whether a request is served: `busy` of the pool's `capacity` threads are
    /// busy (this request's among them) on a host of `cores` cores, `mine` of
    /// them with this request's client, and `clients` clients want the pool
    /// (this one among them). Refused only when all four hold: the pool is
    /// contended (every thread busy, or more than `cores`); another client
    /// wants it; this client holds more than one thread, so a client with a
    /// single request in flight is never refused, however many addresses
    /// others bring; and it holds more than an equal share of the threads,
    /// `mine > capacity / clients`.
    static func admits(busy: Int, capacity: Int, cores: Int, mine: Int, clients: Int) -> Bool {
        !isContended(busy: busy, capacity: capacity, cores: cores) || clients < 2 || mine < 2
            || mine * clients <= capacity
    }

    /// Every thread busy, or more than the cores.
    static func isContended(busy: Int, capacity: Int, cores: Int) -> Bool { busy > min(capacity - 1, cores) }

    /// How long a client served counts as wanting the pool: a second, so that
    /// a client sending one request a second or more counts all the time.
    static let recentMillis: UInt64 = 1000

    /// How long a refused client should wait, in seconds: the smallest whole
    /// number; a share frees as soon as a request of its holder is answered.
    static let retryAfter = 1

    /// The refusal's message: what the client did, and what to do.
    static let message =
        "too many requests from your address at once while others wait; wait the seconds of Retry-After, then try again"
}

/// Whose request it is, for `FairShare`: the client address nginx passes
/// (`REMOTE_ADDR`: behind `real_ip`, the real client's), exactly, never hashed
/// (no two clients can share a key by chance or by design). An IPv4 address
/// is its own key, IPv4-mapped IPv6 too; an IPv6 address is keyed by its /64,
/// the network of one subscriber, since a single host may use any of its
/// 2^64 addresses. What is not an address ("unix:", none) is one client.
/// Never 0, the seats' "no one".
struct ClientKey: Equatable {
    let value: UInt64

    static let unknown = ClientKey(value: 3)

    private init(value: UInt64) { self.value = value }

    init(remoteAddress: UnsafePointer<CChar>?) {
        guard let remoteAddress else {
            self = .unknown
            return
        }
        if let ipv4 = Self.dottedQuad(remoteAddress) {
            self = ClientKey(ipv4: ipv4)
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, remoteAddress, &v6) == 1 else {
            self = .unknown
            return
        }
        self = withUnsafeBytes(of: &v6) { bytes in
            // ::ffff:a.b.c.d, IPv4 as an IPv6 socket sees it.
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return ClientKey(ipv4: bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
            }
            let network = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            // ::/64 (loopback, unspecified) would be 0, "no one"; it and the
            // rest of 0::/31, which holds the IPv4 keys below and is reserved
            // (never a client's network), are one key.
            return network < 1 << 33 ? ClientKey(value: 2) : ClientKey(value: network)
        }
    }

    /// 2^32 + the address: apart from every IPv6 key, and never 0.
    private init(ipv4: UInt32) { value = 1 << 32 | UInt64(ipv4) }

    /// `a.b.c.d` as nginx writes an IPv4 address, read in one pass over its
    /// bytes (inet_pton cost 250 instructions a request); nil for anything
    /// else, which inet_pton then reads as IPv6.
    private static func dottedQuad(_ text: UnsafePointer<CChar>) -> UInt32? {
        var address: UInt32 = 0
        var part: UInt32 = 0
        var digits = 0
        var dots = 0
        var byte = text
        while true {
            let c = UInt8(bitPattern: byte.pointee)
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                part = part * 10 + UInt32(c - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 3, part <= 255 else { return nil }
            } else if (c == UInt8(ascii: ".") && dots < 3) || (c == 0 && dots == 3) {
                guard digits > 0 else { return nil }
                address = address << 8 | part
                if c == 0 { return address }
                dots += 1
                part = 0
                digits = 0
            } else {
                return nil
            }
            byte += 1
        }
    }
}

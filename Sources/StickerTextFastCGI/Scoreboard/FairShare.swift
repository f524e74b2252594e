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

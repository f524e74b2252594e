import CFastCGI
import Dispatch
import StickerTextHTTP
import Synchronization

/// One serving thread's request as the deadline watchdog sees it. The thread
/// and the watchdog race to answer a request that is being handled: whoever
/// moves `phase` away from `.handling` first writes the response, so a
/// request is never answered twice or half by each. Whoever wins leaves the
/// thread's scoreboard seat, which holds the request's client (`FairShare`)
/// from the moment it is read until its answer is ready.
final class RequestSlot: @unchecked Sendable {
    enum Phase: Int {
        case idle, handling, answering, timedOut
    }

    /// The thread's own request; touched by the watchdog only once it has won `phase`.
    let request = UnsafeMutablePointer<FCGX_Request>.allocate(capacity: 1)
    private let phase = Atomic<Int>(Phase.idle.rawValue)
    private let started = Atomic<UInt64>(0)
    /// For the watchdog's log line, set before `.handling`.
    private(set) var method = ""
    private(set) var path = ""
    /// What `/metrics` counts the request by, from its route: the watchdog's answer counts there too.
    private(set) var endpoint = Endpoint.other

    /// The thread's seat in the scoreboard (none in tests of the race alone).
    let seat: Scoreboard.Seat?

    init(seat: Scoreboard.Seat? = nil) {
        self.seat = seat
        request.initialize(to: FCGX_Request())
    }

    /// The thread has read a request from `client` at `millis` (a monotonic
    /// clock): whether it is served (`FairShare`), or refused at once, over
    /// its client's share.
    func admit(_ client: ClientKey, at millis: UInt64) -> Bool { seat?.take(client, at: millis) ?? true }

    // A worker's slots live as long as it does; the tests' do not (make leaks).
    deinit { request.deallocate() }

    /// The thread starts handling a request it has read, at `start`
    /// (`DispatchTime`'s nanoseconds, which the thread has read already for
    /// its own count: a clock read less per request).
    func begin(
        method: String, path: String, endpoint: Endpoint, at start: UInt64 = DispatchTime.now().uptimeNanoseconds
    ) {
        self.method = method
        self.path = path
        self.endpoint = endpoint
        started.store(start, ordering: .relaxed)
        phase.store(Phase.handling.rawValue, ordering: .releasing)
    }

    /// The thread has its response: true if it may write it, false if the
    /// watchdog answered first (the worker is retiring without this thread).
    /// The seat is left before the answer is written: a client that sends its
    /// next request as soon as it has the answer must not find itself still
    /// holding this thread (it would count twice while this thread finishes).
    func finishHandling() -> Bool { leaveHandling(for: .answering) }

    /// The thread has answered its request.
    func end() { phase.store(Phase.idle.rawValue, ordering: .releasing) }

    /// The watchdog answered this slot's request: its thread, still running
    /// it, never serves again.
    var isLost: Bool { phase.load(ordering: .relaxed) == Phase.timedOut.rawValue }

    /// When the request began, for the watchdog's count of its duration.
    var startedMicros: UInt64 { started.load(ordering: .relaxed) / 1000 }

    /// The watchdog: true if the request has been handled for longer than
    /// `limit` nanoseconds and is now the watchdog's to answer.
    func takeIfOverdue(now: UInt64, limit: UInt64) -> Bool {
        // A request begun after `now` was read has a later start: not overdue.
        guard phase.load(ordering: .acquiring) == Phase.handling.rawValue,
            case let start = started.load(ordering: .relaxed), now > start, now - start > limit
        else { return false }
        // If the watchdog wins, it answers now: the client no longer waits on
        // this thread, though the thread, lost, still runs its request.
        return leaveHandling(for: .timedOut)
    }

    /// The race both sides run: moves the request from `.handling` to
    /// `next` and leaves its seat, or answers false if the other side won.
    private func leaveHandling(for next: Phase) -> Bool {
        guard
            phase.compareExchange(
                expected: Phase.handling.rawValue, desired: next.rawValue, ordering: .acquiringAndReleasing
            )
            .exchanged
        else { return false }
        seat?.leave()
        return true
    }
}

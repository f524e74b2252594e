import Dispatch
import StickerTextHTTP
import Testing

@testable import StickerTextFastCGI

/// The race between a serving thread and the deadline watchdog over one request.
struct RequestDeadlineTests {
    static let second: UInt64 = 1_000_000_000

    @Test func aRequestHandledPastTheLimitIsTheWatchdogsAndTheThreadMayNotAnswerIt() {
        let slot = RequestSlot()
        slot.begin(method: "POST", path: "/api/edit", endpoint: .route(.edit))
        let now = DispatchTime.now().uptimeNanoseconds
        #expect(slot.takeIfOverdue(now: now + 2 * Self.second, limit: Self.second))
        #expect(!slot.finishHandling())
    }

    @Test func aRequestWithinTheLimitStaysTheThreads() {
        let slot = RequestSlot()
        slot.begin(method: "POST", path: "/api/edit", endpoint: .route(.edit))
        let now = DispatchTime.now().uptimeNanoseconds
        #expect(!slot.takeIfOverdue(now: now + Self.second / 2, limit: Self.second))
        #expect(slot.finishHandling())
        // Once the thread answers, the watchdog can no longer take it, however late.
        #expect(!slot.takeIfOverdue(now: now + 10 * Self.second, limit: Self.second))
    }

    @Test func aRequestBegunAfterTheWatchdogReadTheClockIsNotOverdue() {
        let slot = RequestSlot()
        let now = DispatchTime.now().uptimeNanoseconds
        slot.begin(method: "GET", path: "/api/health", endpoint: .route(.health))
        #expect(!slot.takeIfOverdue(now: now, limit: Self.second))
    }

    /// The worker closes a pool's kept connections once every thread of it is lost.
    @Test func aThreadIsLostOnlyOnceTheWatchdogHasTakenItsRequest() {
        let slot = RequestSlot()
        #expect(!slot.isLost)
        slot.begin(method: "POST", path: "/api/edit", endpoint: .route(.edit))
        let now = DispatchTime.now().uptimeNanoseconds
        #expect(!slot.isLost)
        #expect(slot.takeIfOverdue(now: now + 2 * Self.second, limit: Self.second))
        #expect(slot.isLost)
        // Its thread finishing late changes nothing: it never serves again.
        #expect(!slot.finishHandling())
        #expect(slot.isLost)
        let answered = RequestSlot()
        answered.begin(method: "POST", path: "/api/edit", endpoint: .route(.edit))
        #expect(answered.finishHandling())
        #expect(!answered.isLost)
    }

    @Test func anIdleThreadHasNothingOverdue() {
        let slot = RequestSlot()
        #expect(!slot.takeIfOverdue(now: DispatchTime.now().uptimeNanoseconds + 100 * Self.second, limit: Self.second))
        slot.begin(method: "GET", path: "/api/health", endpoint: .route(.health))
        #expect(slot.finishHandling())
        slot.end()
        #expect(!slot.takeIfOverdue(now: DispatchTime.now().uptimeNanoseconds + 100 * Self.second, limit: Self.second))
    }
}

import Dispatch
import Glibc
import StickerTextHTTP
import Testing

@testable import StickerTextFastCGI

/// The fair share: the rule on its own, who a client is, and the scoreboard's
/// seats it reads across forked workers, cleared on every way a request ends.
struct FairShareTests {
    // MARK: - The rule

    @Test func aClientMayTakeEveryThreadNobodyElseWants() {
        // Alone: all 8 threads, the request that takes the last one too.
        #expect(FairShare.admits(busy: 8, capacity: 8, cores: 64, mine: 8, clients: 1))
        // With a thread idle nothing waits, whoever holds the others.
        #expect(FairShare.admits(busy: 7, capacity: 8, cores: 64, mine: 6, clients: 2))
    }

    @Test func underContentionAClientOverAnEqualShareIsRefused() {
        // 8 threads, all busy, 2 clients: a share is 4.
        #expect(FairShare.admits(busy: 8, capacity: 8, cores: 64, mine: 4, clients: 2))
        #expect(!FairShare.admits(busy: 8, capacity: 8, cores: 64, mine: 5, clients: 2))
        // 3 clients: 8/3, so 2 is within it and 3 is over.
        #expect(FairShare.admits(busy: 8, capacity: 8, cores: 64, mine: 2, clients: 3))
        #expect(!FairShare.admits(busy: 8, capacity: 8, cores: 64, mine: 3, clients: 3))
    }

    @Test func moreThreadsBusyThanCoresIsContentionThoughSomeAreIdle() {
        // 8 threads on 2 cores: 3 busy take turns on the cores, and the flooder's
        // third is over a share of 8/2 only once it holds more than 4.
        #expect(FairShare.admits(busy: 2, capacity: 8, cores: 2, mine: 2, clients: 5))
        #expect(!FairShare.admits(busy: 3, capacity: 8, cores: 2, mine: 2, clients: 5))
        #expect(FairShare.admits(busy: 5, capacity: 8, cores: 2, mine: 4, clients: 2))
        #expect(!FairShare.admits(busy: 5, capacity: 8, cores: 2, mine: 5, clients: 2))
        // More cores than threads: all busy is still contention.
        #expect(!FairShare.admits(busy: 4, capacity: 4, cores: 16, mine: 3, clients: 2))
    }

    @Test func aClientWithASingleRequestIsNeverRefusedHoweverManyClientsThereAre() {
        // 16 clients on 8 threads (a retiring worker's threads still busy):
        // a share is under one thread, and one is still served.
        #expect(FairShare.admits(busy: 8, capacity: 8, cores: 64, mine: 1, clients: 16))
        #expect(!FairShare.admits(busy: 8, capacity: 8, cores: 64, mine: 2, clients: 8))
    }

    // MARK: - Who a client is

    private func key(_ address: String?) -> UInt64 {
        guard let address else { return ClientKey(remoteAddress: nil).value }
        return address.withCString { ClientKey(remoteAddress: $0).value }
    }

    @Test func anIPv4AddressIsAClientOfItsOwn() {
        #expect(key("127.0.0.2") != key("127.0.0.3"))
        #expect(key("1.2.3.4") == 1 << 32 | 0x0102_0304)
        #expect(key("255.255.255.255") == 1 << 32 | 0xFFFF_FFFF)
        #expect(key("10.0.0.1") != key("10.0.0.10") && key("10.0.0.1") != key("10.0.1.0"))
        #expect(key("127.0.0.2") == key("127.0.0.2"))
        #expect(key("0.0.0.0") != 0)
        #expect(key("10.0.0.1") == key("::ffff:10.0.0.1"))  // as an IPv6 socket writes it
    }

    @Test func anIPv6AddressIsKeyedByItsSlash64() {
        #expect(key("2001:db8:1:2::1") == key("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(key("2001:db8:1:2::1") != key("2001:db8:1:3::1"))
        #expect(key("2001:db8:1:2::1") == key("2001:0db8:0001:0002:0:0:0:1"))  // however it is written
        #expect(key("::1") != 0 && key("::1") != key("127.0.0.1"))
    }

    @Test func whatIsNotAnAddressIsOneClient() {
        #expect(key(nil) == key("unix:"))
        #expect(key("") == key("unix:"))
        for almost in ["1.2.3", "1.2.3.4.5", "256.0.0.1", "1..2.3", "1.2.3.", ".1.2.3", "1.2.3.4a", "1234.1.1.1"] {
            #expect(key(almost) == key("unix:"), "\(almost)")
        }
        #expect(key("unix:") != 0 && key("unix:") != key("127.0.0.1") && key("unix:") != key("::1"))
    }

    // MARK: - The seats

    private static func client(_ address: String) -> ClientKey {
        address.withCString { ClientKey(remoteAddress: $0) }
    }

    private static let flooder = client("127.0.0.2"), other = client("127.0.0.3")
    /// The clock the seats are taken at, in ms (any monotonic clock).
    private static let now: UInt64 = 1_000_000

    /// A scoreboard with two live workers of 2 main threads each: 4 in the pool.
    private func twoWorkers() -> Scoreboard {
        let scoreboard = Scoreboard(slots: 4, threads: (main: 2, large: 1), cores: 64)
        scoreboard.occupy(0, by: 4001)
        scoreboard.occupy(1, by: 4002)
        return scoreboard
    }

    @Test func whatOneWorkersThreadsHoldAnotherWorkerReads() {
        let scoreboard = twoWorkers()
        // In another process, as a forked worker: the flooder holds both its threads.
        #expect(
            WorkerExitTests.inChild {
                _ = scoreboard.seat(0, .main, thread: 0).take(Self.flooder, at: Self.now)
                _ = scoreboard.seat(0, .main, thread: 1).take(Self.flooder, at: Self.now)
            } == 0)
        // The other worker: the other client takes a thread, then the flooder
        // a third one: every thread busy, and 3 of 4 is over a share of 2.
        #expect(scoreboard.seat(1, .main, thread: 0).take(Self.other, at: Self.now))
        #expect(!scoreboard.seat(1, .main, thread: 1).take(Self.flooder, at: Self.now))
        // The other client may take it instead: 2 of 4 is its share.
        #expect(scoreboard.seat(1, .main, thread: 1).take(Self.other, at: Self.now))
    }

    @Test func thePoolsAreSharedApart() {
        let scoreboard = twoWorkers()
        _ = scoreboard.seat(0, .main, thread: 0).take(Self.flooder, at: Self.now)
        _ = scoreboard.seat(0, .main, thread: 1).take(Self.flooder, at: Self.now)
        _ = scoreboard.seat(1, .main, thread: 0).take(Self.other, at: Self.now)
        // The large pool is idle: the flooder takes both of its threads, the main pool's share notwithstanding.
        #expect(scoreboard.seat(0, .large, thread: 0).take(Self.flooder, at: Self.now))
        #expect(scoreboard.seat(1, .large, thread: 0).take(Self.flooder, at: Self.now))
    }

    @Test func onlyLiveWorkersThreadsAreCapacity() {
        // Room for 4 workers of 3 threads; one lives: 3 threads, not 12.
        let scoreboard = Scoreboard(slots: 4, threads: (main: 3, large: 1), cores: 64)
        scoreboard.occupy(2, by: 5001)
        _ = scoreboard.seat(2, .main, thread: 0).take(Self.other, at: Self.now)
        _ = scoreboard.seat(2, .main, thread: 1).take(Self.flooder, at: Self.now)
        #expect(!scoreboard.seat(2, .main, thread: 2).take(Self.flooder, at: Self.now))
        scoreboard.occupy(0, by: 5002)  // a second worker: 6 threads, 3 of them idle
        #expect(scoreboard.seat(2, .main, thread: 2).take(Self.flooder, at: Self.now))
    }

    /// The contention the tests below leave behind, if a seat is not cleared:
    /// the flooder holds 2 threads and the other client 1 of 4; a third for the
    /// flooder would be refused.
    private func contended(_ scoreboard: Scoreboard) -> Bool {
        _ = scoreboard.seat(0, .main, thread: 0).take(Self.flooder, at: Self.now)
        _ = scoreboard.seat(1, .main, thread: 0).take(Self.other, at: Self.now)
        return !scoreboard.seat(1, .main, thread: 1).take(Self.flooder, at: Self.now)
    }

    @Test func aDeadWorkersSeatsAreClearedWithItsSlot() {
        let scoreboard = twoWorkers()
        _ = scoreboard.seat(0, .main, thread: 1).take(Self.flooder, at: Self.now)
        #expect(contended(scoreboard))
        scoreboard.release(4001)  // the master reaps worker 0: its threads' clients go with it
        #expect(scoreboard.seat(0, .main, thread: 0).client == 0 && scoreboard.seat(0, .main, thread: 1).client == 0)
        #expect(scoreboard.seat(1, .main, thread: 0).client == Self.other.value)
        scoreboard.occupy(0, by: 4003)
        scoreboard.seat(1, .main, thread: 1).leave()
        #expect(scoreboard.seat(1, .main, thread: 1).take(Self.flooder, at: Self.now))
    }

    @Test func aRequestLeavesTheSeatOnceItsAnswerIsReadyBeforeItIsWritten() {
        let scoreboard = twoWorkers()
        let slot = RequestSlot(seat: scoreboard.seat(0, .main, thread: 1))
        #expect(slot.admit(Self.flooder, at: Self.now))
        #expect(contended(scoreboard))
        slot.begin(method: "POST", path: "/api/edit", endpoint: .route(.edit))
        #expect(slot.finishHandling())
        // Left as soon as the answer is ready, before it is written: the client may send its next at once.
        #expect(scoreboard.seat(0, .main, thread: 1).client == 0)
        slot.end()
    }

    @Test func aRequestRefusedLeavesTheSeatWhenAnswered() {
        let scoreboard = twoWorkers()
        let refused = RequestSlot(seat: scoreboard.seat(1, .main, thread: 1))
        _ = scoreboard.seat(0, .main, thread: 0).take(Self.flooder, at: Self.now)
        _ = scoreboard.seat(0, .main, thread: 1).take(Self.flooder, at: Self.now)
        _ = scoreboard.seat(1, .main, thread: 0).take(Self.other, at: Self.now)
        #expect(!refused.admit(Self.flooder, at: Self.now))
        refused.begin(method: "POST", path: "/api/edit", endpoint: .route(.edit))
        #expect(refused.finishHandling())
        #expect(refused.seat?.client == 0)
        refused.end()
    }

    @Test func aRequestTheWatchdogAnswersLeavesTheSeatThoughItsThreadRunsOn() {
        let scoreboard = twoWorkers()
        let slot = RequestSlot(seat: scoreboard.seat(0, .main, thread: 1))
        #expect(slot.admit(Self.flooder, at: Self.now))
        slot.begin(method: "POST", path: "/api/edit", endpoint: .route(.edit))
        #expect(
            slot.takeIfOverdue(
                now: DispatchTime.now().uptimeNanoseconds + 2 * RequestDeadlineTests.second,
                limit: RequestDeadlineTests.second))
        #expect(scoreboard.seat(0, .main, thread: 1).client == 0)
        #expect(!slot.finishHandling())  // the thread, done late, may not answer: nor may it touch the seat
    }

    // MARK: - Clients that come and go

    @Test func aClientServedAMomentAgoWantsThePoolAndKeepsTheLastThreadFree() {
        // One worker, 3 threads. The other client was served 100 ms ago and holds none now.
        let scoreboard = Scoreboard(slots: 2, threads: (main: 3, large: 1), cores: 64)
        scoreboard.occupy(0, by: 6001)
        #expect(scoreboard.seat(0, .main, thread: 0).take(Self.other, at: Self.now - 100))
        scoreboard.seat(0, .main, thread: 0).leave()
        #expect(scoreboard.seat(0, .main, thread: 0).take(Self.flooder, at: Self.now))
        #expect(scoreboard.seat(0, .main, thread: 1).take(Self.flooder, at: Self.now))
        // The last thread: 3 of 3 is over a share of 3/2.
        #expect(!scoreboard.seat(0, .main, thread: 2).take(Self.flooder, at: Self.now))
        // The other client may take it.
        #expect(scoreboard.seat(0, .main, thread: 2).take(Self.other, at: Self.now))
    }

    @Test func aClientServedLongerAgoThanTheWindowWantsNothing() {
        let scoreboard = Scoreboard(slots: 2, threads: (main: 3, large: 1), cores: 64)
        scoreboard.occupy(0, by: 6002)
        _ = scoreboard.seat(0, .main, thread: 0).take(Self.other, at: Self.now - FairShare.recentMillis - 1)
        scoreboard.seat(0, .main, thread: 0).leave()
        for thread in 0..<3 {
            #expect(scoreboard.seat(0, .main, thread: thread).take(Self.flooder, at: Self.now))
        }
    }

    @Test func aClientRecentlyServedByTheOtherPoolDoesNotWantThisOne() {
        let scoreboard = Scoreboard(slots: 2, threads: (main: 3, large: 1), cores: 64)
        scoreboard.occupy(0, by: 6003)
        _ = scoreboard.seat(0, .large, thread: 0).take(Self.other, at: Self.now - 100)
        scoreboard.seat(0, .large, thread: 0).leave()
        for thread in 0..<3 {
            #expect(scoreboard.seat(0, .main, thread: thread).take(Self.flooder, at: Self.now))
        }
    }

    @Test func onTwoCoresAFloodHoldsItsShareOfTheCoresWhileOthersComeAndGo() {
        // One worker, 8 threads, 2 cores; the other client was served a moment ago.
        let scoreboard = Scoreboard(slots: 2, threads: (main: 8, large: 1), cores: 2)
        scoreboard.occupy(0, by: 6004)
        _ = scoreboard.seat(0, .main, thread: 0).take(Self.other, at: Self.now - 10)
        scoreboard.seat(0, .main, thread: 0).leave()
        // Two busy on two cores: no contention, whoever holds them.
        #expect(scoreboard.seat(0, .main, thread: 0).take(Self.flooder, at: Self.now))
        #expect(scoreboard.seat(0, .main, thread: 1).take(Self.flooder, at: Self.now))
        // A third would wait for a core: 3 is within a share of 8/2, 5 is not.
        #expect(scoreboard.seat(0, .main, thread: 2).take(Self.flooder, at: Self.now))
        #expect(scoreboard.seat(0, .main, thread: 3).take(Self.flooder, at: Self.now))
        #expect(!scoreboard.seat(0, .main, thread: 4).take(Self.flooder, at: Self.now))
        // Alone, a second later, the flooder takes all eight.
        let later = Self.now + FairShare.recentMillis + 1
        for thread in 4..<8 {
            #expect(scoreboard.seat(0, .main, thread: thread).take(Self.flooder, at: later))
        }
    }
}

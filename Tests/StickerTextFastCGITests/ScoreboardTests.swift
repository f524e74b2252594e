import Glibc
import StickerTextHTTP
import Testing

@testable import StickerTextFastCGI

/// The scoreboard the master maps before forking: what a worker records is
/// what any other process reads, and a dead worker's requests in flight go
/// with it.
struct ScoreboardTests {
    /// Every call a child below makes, made first here on a board of its own (`WorkerExitTests.inChild`).
    static func warmUp() {
        let warm = Scoreboard(slots: 1)
        let metrics = warm.slot(0)
        metrics.started()
        metrics.finished(.route(.render), .ok, micros: 1)
        metrics.started()
        metrics.finished(.other, .notFound, micros: 1)
        metrics.started()
        metrics.finished(.route(.health), .ok, micros: 1)
        let snapshot = warm.snapshot()
        _ = (snapshot[.route(.health), .ok], snapshot[.other, .notFound], snapshot.latencyMicros)
    }

    @Test func whatAForkedWorkerRecordsTheParentReads() {
        let scoreboard = Scoreboard(slots: 2)
        let slot = scoreboard.freeSlot()
        Self.warmUp()
        #expect(
            WorkerExitTests.inChild {
                let metrics = scoreboard.slot(slot)
                for micros: UInt64 in [300, 700, 2_000_000] {
                    metrics.started()
                    metrics.finished(.route(.render), .ok, micros: micros)
                }
                metrics.started()
                metrics.finished(.other, .notFound, micros: 40)
            } == 0)
        let snapshot = scoreboard.snapshot()
        #expect(snapshot[.route(.render), .ok] == 3)
        #expect(snapshot[.other, .notFound] == 1)
        #expect(snapshot[.route(.render), .badRequest] == 0)
        #expect(snapshot[.route(.render), .le500us] == 1)
        #expect(snapshot[.route(.render), .le1ms] == 1)
        #expect(snapshot[.route(.render), .le2500ms] == 1)
        #expect(snapshot.latencyMicros[Endpoint.route(.render).rawValue] == 2_001_000)
        #expect(snapshot.latencyMicros[Endpoint.other.rawValue] == 40)
    }

    @Test func workersRecordingAtOnceLoseNoCount() {
        let scoreboard = Scoreboard(slots: 2)
        // The child's calls are made here first (it hung a make test until killed, 1 run in about 10).
        Self.warmUp()
        var children: [pid_t] = []
        for slot in 0..<2 {
            let pid = fork()
            if pid == 0 {
                let metrics = scoreboard.slot(slot)
                for _ in 0..<100_000 {
                    metrics.started()
                    metrics.finished(.route(.health), .ok, micros: 1)
                }
                _exit(0)
            }
            children.append(pid)
        }
        for pid in children { _ = WorkerExitTests.waitBounded(pid) }
        let snapshot = scoreboard.snapshot()
        #expect(snapshot[.route(.health), .ok] == 200_000)
        #expect(snapshot.latencyMicros[Endpoint.route(.health).rawValue] == 200_000)
    }

    @Test func requestsInFlightAreSummedOverTheLiveWorkers() {
        let scoreboard = Scoreboard(slots: 3)
        let first = scoreboard.freeSlot()
        scoreboard.occupy(first, by: 1001)
        let second = scoreboard.freeSlot()
        scoreboard.occupy(second, by: 1002)
        #expect(first != second)
        scoreboard.slot(first).started()
        scoreboard.slot(second).started()
        scoreboard.slot(second).started()
        var snapshot = scoreboard.snapshot()
        #expect(snapshot.workersAlive == 2)
        #expect(snapshot.inFlight == 3)
        scoreboard.slot(second).finished(.route(.count), .ok, micros: 10)
        snapshot = scoreboard.snapshot()
        #expect(snapshot.inFlight == 2)
    }

    @Test func aDeadWorkersSlotIsFreedAndItsRequestsInFlightForgotten() {
        let scoreboard = Scoreboard(slots: 2)
        let slot = scoreboard.freeSlot()
        scoreboard.occupy(slot, by: 2001)
        scoreboard.occupy(scoreboard.freeSlot(), by: 2002)
        scoreboard.slot(slot).started()
        scoreboard.slot(slot).started()
        scoreboard.release(2001)
        let snapshot = scoreboard.snapshot()
        #expect(snapshot.workersAlive == 1)
        #expect(snapshot.inFlight == 0)
        #expect(scoreboard.freeSlot() == slot)
        scoreboard.occupy(slot, by: 2003)
        #expect(scoreboard.snapshot().inFlight == 0)
    }

    @Test func aWorkerThatBeginsToRetireIsReportedToTheMasterOnce() {
        let scoreboard = Scoreboard(slots: 2)
        let slot = scoreboard.freeSlot()
        scoreboard.occupy(slot, by: 3001)
        scoreboard.occupy(scoreboard.freeSlot(), by: 3002)
        #expect(scoreboard.vacantSlot() == nil)
        #expect(scoreboard.takeRetiring().isEmpty)
        #expect(WorkerExitTests.inChild { scoreboard.slot(slot).retire() } == 0)
        #expect(scoreboard.takeRetiring() == [3001])
        #expect(scoreboard.takeRetiring().isEmpty)
        // A slot freed and taken again does not carry the flag over.
        scoreboard.slot(slot).retire()
        scoreboard.release(3001)
        scoreboard.occupy(slot, by: 3003)
        #expect(scoreboard.takeRetiring().isEmpty)
    }

    @Test func restartsAndNginxRejectionsAreCountedUnderTheirLabels() {
        let scoreboard = Scoreboard(slots: 1)
        scoreboard.countRestart(.killed)
        scoreboard.countRestart(.killed)
        scoreboard.countRestart(.retired)
        scoreboard.count(.payloadTooLarge)
        let snapshot = scoreboard.snapshot()
        #expect(snapshot.restarts == [1, 0, 2, 0])  // retired, failed, killed, timed out
        #expect(snapshot.nginxRejections == [1, 0])  // 413, 429
    }
}

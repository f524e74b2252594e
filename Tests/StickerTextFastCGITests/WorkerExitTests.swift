import Glibc
import StickerTextHTTP
import Testing

@testable import StickerTextFastCGI

/// The `cause` of a restart, read from the wait status of the worker that ended.
struct WorkerExitTests {
    /// Runs `body` in a forked child, as a worker would, and returns its wait status.
    static func inChild(_ body: () -> Void) -> Int32 {
        let pid = fork()
        if pid == 0 {
            body()
            _exit(0)
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }

    @Test func aWorkerThatExitedZeroRetiredOneWithAnErrorFailedAndOneEndedByASignalWasKilled() {
        #expect(WorkerExit(waitStatus: Self.inChild { _exit(0) }) == .retired)
        #expect(WorkerExit(waitStatus: Self.inChild { _exit(23) }) == .failed)
        #expect(WorkerExit(waitStatus: Self.inChild { kill(getpid(), SIGKILL) }) == .killed)
    }

    @Test func aWorkerThatStoppedItselfAfterTheDeadlineTimedOut() {
        #expect(WorkerExit(waitStatus: Self.inChild { _exit(Worker.timedOutStatus) }) == .timedOut)
    }
}

import Glibc
import StickerTextHTTP
import Testing

@testable import StickerTextFastCGI

/// The `cause` of a restart, read from the wait status of the worker that ended.
struct WorkerExitTests {
    /// Runs `body` in a forked child, as a worker would, and returns its wait status.
    ///
    /// A forked child has this process's other threads' locks as fork() found them, never released (the
    /// Swift runtime's, taken when it first makes a type's metadata, and any a test running beside holds):
    /// `body` must call only what this process has called before. These suites run apart, one test at a
    /// time (the Makefile's check), and a child that still hangs is killed after a minute, failing its test
    /// rather than the run.
    static func inChild(_ body: () -> Void) -> Int32 {
        let pid = fork()
        if pid == 0 {
            body()
            _exit(0)
        }
        return waitBounded(pid)
    }

    /// `pid`'s wait status, waited for at most `seconds`: then it is killed and the test fails.
    static func waitBounded(_ pid: pid_t, seconds: Int = 60) -> Int32 {
        var status: Int32 = 0
        for _ in 0..<(seconds * 100) {
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid || (ended < 0 && errno != EINTR) { return status }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        Issue.record("the forked child \(pid) did not end within \(seconds) s: killed")
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

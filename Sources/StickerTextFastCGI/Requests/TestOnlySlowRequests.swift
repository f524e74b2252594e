import CFastCGI
import Dispatch
import Foundation
import Logging

/// TEST ONLY: a request made slow on purpose, for the end-to-end test of the
/// deadline (`Tests/e2e/test_deadline.py`), which needs requests that run past
/// it without a costly input. Production can never reach it:
///
/// - it is compiled into debug builds only: `make run`, `make install` and the
///   benchmarks build release, where `holdIfAsked` is empty;
/// - even in a debug build it is off unless the server was started with
///   `STICKERTEXT_TEST_SLOW_REQUESTS=1` in its environment.
///
/// When on, a request with the header `X-Stickertext-Test-Hold: MS TAG` keeps
/// its thread for MS milliseconds as it is handled, as a costly render would
/// (the deadline cannot stop either), and logs `test-only hold of MS ms began:
/// TAG in worker PID` as it starts, so that the test counts how many times
/// each request ran, and where.
/// The thread sleeps rather than spins: the watchdog sees only the clock, and
/// eight spinning threads on two cores would measure the machine, not the service.
enum TestOnlySlowRequests {
    #if DEBUG
        static let enabled = ProcessInfo.processInfo.environment["STICKERTEXT_TEST_SLOW_REQUESTS"] == "1"
    #endif

    @inline(__always)
    static func holdIfAsked(_ params: FCGX_ParamArray?, logger: Logger) {
        #if DEBUG
            guard enabled, let header = FCGX_GetParam("HTTP_X_STICKERTEXT_TEST_HOLD", params) else { return }
            let words = String(cString: header).split(separator: " ", maxSplits: 1)
            guard let milliseconds = words.first.flatMap({ Int($0) }), milliseconds > 0 else { return }
            // The tag goes into the log: letters, digits and '-' only.
            let tag =
                words.dropFirst().first.map {
                    String($0.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
                } ?? ""
            logger.notice("test-only hold of \(milliseconds) ms began: \(tag) in worker \(getpid())")
            let until = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
            while DispatchTime.now().uptimeNanoseconds < until { usleep(1_000) }
        #endif
    }
}

import CFastCGI
import Foundation
import Glibc
import Logging
import StickerText
import StickerTextServer
import Synchronization

/// A worker process: a pool of threads per socket (the main one, and the one
/// for large bodies), each thread accepting with its own `FCGX_Request`. A
/// SIGTERM (or reaching `maxRequests`) stops it gracefully: requests in flight
/// finish, then the process exits, and threads idle in `FCGX_Accept_r` (which
/// SIGTERM does not wake) go with it. A request that runs past the deadline is
/// answered 503 by a watchdog thread, and the worker exits so that the master
/// replaces it: its thread cannot be stopped any other way (PHP-FPM's
/// request_terminate_timeout).
enum Worker {
    static let stopping = Atomic<Bool>(false)
    static let inFlight = Atomic<Int>(0)
    static let served = Atomic<Int>(0)
    static let activeThreads = Atomic<Int>(0)
    static let logRequests = ProcessInfo.processInfo.environment["STICKERTEXT_NO_REQUEST_LOG"] == nil
    /// The exit status of a worker stopped by the deadline, for the master's log.
    static let timedOutStatus: Int32 = 3

    static func run(pools: [(pool: ThreadPool, socket: Int32, threads: Int)], handler: APIHandler, metrics: Scoreboard.Slot, maxRequests: Int,
                    requestTimeout: Double, logger: Logger) -> Never {
        Signals.install(SIGTERM) { _ in
            Worker.stopping.store(true, ordering: .relaxed)
            FCGX_ShutdownPending()
        }
        Signals.install(SIGINT) { _ in }  // the master decides; a terminal's Ctrl-C reaches every process
        Signals.ignore(SIGHUP)
        Signals.ignore(SIGPIPE)
        // Counted before any thread starts: one that fails at once counts itself out.
        activeThreads.store(pools.reduce(0) { $0 + $1.threads }, ordering: .relaxed)
        var slots: [RequestSlot] = []
        for pool in pools {
            for _ in 0 ..< pool.threads {
                let slot = RequestSlot()
                slots.append(slot)
                let thread = Thread { serve(pool.pool, socket: pool.socket, slot: slot, handler: handler, metrics: metrics, maxRequests: maxRequests, logger: logger) }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        let allSlots = slots
        let watchdog = Thread { watch(allSlots, handler: handler, metrics: metrics, timeout: requestTimeout, logger: logger) }
        watchdog.stackSize = 1 << 18
        watchdog.start()
        // Wait until asked to stop, or until every thread has left its loop
        // (the master shut the listening sockets down).
        while !stopping.load(ordering: .relaxed) && activeThreads.load(ordering: .relaxed) > 0 {
            usleep(20_000)
        }
        // Let requests in flight finish; check twice, a moment apart, so a
        // request accepted just as the flag was set is seen.
        let deadline = Date().addingTimeInterval(30)
        var quietChecks = 0
        while quietChecks < 2 && Date() < deadline {
            quietChecks = inFlight.load(ordering: .relaxed) == 0 ? quietChecks + 1 : 0
            usleep(20_000)
        }
        _exit(LeakCheck.foundLeaks() ? 23 : 0)
    }

    private static func serve(_ pool: ThreadPool, socket: Int32, slot: RequestSlot, handler: APIHandler, metrics: Scoreboard.Slot, maxRequests: Int, logger: Logger) {
        defer { activeThreads.subtract(1, ordering: .relaxed) }
        // Linux keeps nice per thread, and PRIO_PROCESS with 0 names the calling thread alone.
        if pool.niceness != 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, pool.niceness) }
        let request = slot.request
        guard FCGX_InitRequest(request, socket, 0) == 0 else { return }
        var requestLog = RequestLog(logger: logger)
        while !stopping.load(ordering: .relaxed) {
            guard FCGX_Accept_r(request) >= 0 else { break }
            inFlight.add(1, ordering: .relaxed)
            metrics.started()
            let start = DispatchTime.now().uptimeNanoseconds
            let httpRequest = FastCGIExchange.read(&request.pointee, bodyLimit: handler.bodyLimit)
            slot.begin(method: httpRequest.method, path: httpRequest.path)
            let response = httpRequest.path == MetricsRoute.path
                ? MetricsRoute.response(to: httpRequest, peer: FCGX_GetParam("REMOTE_ADDR", request.pointee.envp).map { String(cString: $0) }, snapshot: metrics.scoreboard.snapshot)
                : handler.handle(httpRequest)
            guard slot.finishHandling() else {
                // The watchdog answered this request and is ending the process.
                while true { pause() }
            }
            FastCGIExchange.write(response, head: httpRequest.method == "HEAD", to: &request.pointee)
            FCGX_Finish_r(request)
            slot.end()
            inFlight.subtract(1, ordering: .relaxed)
            let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
            metrics.finished(Endpoint(path: httpRequest.path), ResponseStatus(code: response.status), micros: micros)
            if logRequests { requestLog.write(method: httpRequest.method, path: httpRequest.path, status: response.status, micros: micros) }
            let count = served.add(1, ordering: .relaxed).newValue
            if maxRequests > 0 && count >= maxRequests { stopping.store(true, ordering: .relaxed) }
        }
        FCGX_Free(request, 0)
    }

    /// The deadline watchdog: a few times per deadline (at most every 50 ms),
    /// looks for a request handled for longer than `timeout`, answers it 503
    /// `timed_out`, lets the worker's other requests finish for a moment, and
    /// exits; the master starts a replacement at once.
    private static func watch(_ slots: [RequestSlot], handler: APIHandler, metrics: Scoreboard.Slot, timeout: Double, logger: Logger) {
        let limit = UInt64(timeout * 1e9)
        let nap = useconds_t(min(50_000, max(1_000, timeout * 1e6 / 4)))
        while true {
            usleep(nap)
            let now = DispatchTime.now().uptimeNanoseconds
            guard let slot = slots.first(where: { $0.takeIfOverdue(now: now, limit: limit) }) else { continue }
            let error = APIError.timedOut(after: timeout)
            FastCGIExchange.write(handler.error(error), head: slot.method == "HEAD", to: &slot.request.pointee)
            FCGX_Finish_r(slot.request)
            metrics.finished(Endpoint(path: slot.path), ResponseStatus(code: 503), micros: now / 1000 - slot.startedMicros)
            logger.warning("\(slot.method) \(slot.path) 503 ran past \(timeout) s: answered timed_out; this worker stops and is replaced")
            stopping.store(true, ordering: .relaxed)
            FCGX_ShutdownPending()
            // The stuck request stays counted in flight: wait for the others, briefly.
            let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
            while inFlight.load(ordering: .relaxed) > 1 && DispatchTime.now().uptimeNanoseconds < deadline {
                usleep(5_000)
            }
            _exit(timedOutStatus)
        }
    }
}

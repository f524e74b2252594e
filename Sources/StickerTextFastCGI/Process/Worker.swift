import CEpoll
import CFastCGI
import Foundation
import Glibc
import Logging
import StickerText
import StickerTextHTTP
import StickerTextJSON
import Synchronization

/// A worker process: a pool of threads per socket (the main one, and the one
/// for large bodies), each thread serving with its own `FCGX_Request`. Idle
/// threads wait in their pool's `KeptConnectionPoller` for a new connection
/// or for a request on one nginx keeps open, so kept connections never hold
/// a thread while idle. A SIGTERM (or reaching `maxRequests`) stops it
/// gracefully: it stops accepting, answers what nginx still sends on the
/// connections it keeps until nginx has closed them, and exits. A request
/// that runs past the deadline is answered 503 by a watchdog thread, and the
/// worker retires in the same way so that the master replaces it: the thread
/// still running that request cannot be stopped any other way (PHP-FPM's
/// request_terminate_timeout), so it is lost to the worker.
enum Worker {
    static let stopping = Atomic<Bool>(false)
    /// Requests read and not answered yet: a request the watchdog answered
    /// is not in flight any more, though its thread may still run it.
    static let inFlight = Atomic<Int>(0)
    static let served = Atomic<Int>(0)
    static let activeThreads = Atomic<Int>(0)
    /// nginx's keepalive_timeout (2 s) and some: by then nginx has closed
    /// every connection it keeps to a retiring worker (see `run`).
    static let closingTime: Double = 5
    static let logRequests = ProcessInfo.processInfo.environment["STICKERTEXT_NO_REQUEST_LOG"] == nil
    /// The exit status of a worker stopped by the deadline, for the master's log.
    static let timedOutStatus: Int32 = 3
    /// A request ran past the deadline: the worker retires, and exits with `timedOutStatus`.
    static let timedOut = Atomic<Bool>(false)

    static func run(
        pools: [(pool: ThreadPool, socket: Int32, threads: Int)], handler: APIHandler, metrics: Scoreboard.Slot,
        maxRequests: Int,
        requestTimeout: Double, logger: Logger
    ) -> Never {
        // In every pool's epoll set, written once when the threads are to
        // leave: readable from then on, it wakes each idle thread
        // (level-triggered, never read). Made after the fork: the master's
        // would be every worker's.
        let leave = eventfd(0, Int32(EFD_CLOEXEC))
        precondition(leave >= 0, "eventfd: \(String(cString: strerror(errno)))")
        Signals.install(SIGTERM) { _ in Worker.stopping.store(true, ordering: .relaxed) }
        Signals.install(SIGINT) { _ in }  // the master decides; a terminal's Ctrl-C reaches every process
        Signals.ignore(SIGHUP)
        Signals.ignore(SIGPIPE)
        // The serving threads block the signals, which then reach this thread
        // alone: a handler run on a serving thread would cut its read(2) or
        // write(2) short (EINTR), and libfcgi fails the request and drops the
        // connection. Threads inherit the mask they are started with.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // Counted before any thread starts: one that fails at once counts itself out.
        activeThreads.store(pools.reduce(0) { $0 + $1.threads }, ordering: .relaxed)
        let log = RequestLog.Output(label: logger.label)
        // Built once: a refusal costs its thread a write, nothing more.
        var refusal = HTTPResponse.error(APIError(.tooManyRequests, FairShare.message))
        refusal.headers.append(("Retry-After", String(FairShare.retryAfter)))
        var serving: [(poller: KeptConnectionPoller, slots: [RequestSlot])] = []
        for pool in pools {
            let poller = KeptConnectionPoller(listening: pool.socket, stop: leave)
            let slots = (0..<pool.threads).map {
                RequestSlot(seat: metrics.scoreboard.seat(metrics.index, pool.pool, thread: $0))
            }
            serving.append((poller, slots))
            for slot in slots {
                let thread = Thread { [refusal] in
                    serve(
                        pool.pool, socket: pool.socket, poller: poller, slot: slot, handler: handler, refusal: refusal,
                        metrics: metrics,
                        maxRequests: maxRequests, logger: logger, log: log)
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        let pollers = serving.map(\.poller)
        let allSlots = serving.flatMap(\.slots)
        let watchdog = Thread {
            watch(allSlots, metrics: metrics, timeout: requestTimeout, logger: logger, log: log)
        }
        watchdog.stackSize = 1 << 18
        watchdog.start()
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        // Wait until asked to stop, or until every thread has left its loop
        // (the master shut the listening sockets down). Each wait is 20 ms,
        // after which the request log goes out, as long as the worker lives.
        func tick() {
            usleep(20_000)
            log.flush()
        }
        while !stopping.load(ordering: .relaxed) && activeThreads.load(ordering: .relaxed) > 0 {
            tick()
        }
        stopping.store(true, ordering: .relaxed)
        for poller in pollers { poller.retire() }
        // A retiring worker closes none of nginx's kept connections (closing
        // them lost requests to 502s under reloads: docs/reliability.md,
        // "A retiring worker closes no kept connection"): it accepts no more
        // (`KeptConnectionPoller.retire`), answers what nginx still sends on
        // them, and waits for nginx to close them (keepalive_time,
        // keepalive_timeout); what is left after `closingTime` is closed.
        let closingDeadline = Date().addingTimeInterval(closingTime)
        var quiet = 0
        while quiet < 2 && Date() < closingDeadline {
            // A pool whose every thread is lost to a request past the deadline
            // can answer nothing nginx sends on its kept connections: they are
            // closed now, so that nginx sends such a request (never read, so
            // never run) to another worker at once, not when this one exits.
            for pool in serving where pool.slots.allSatisfy(\.isLost) { pool.poller.closeParked() }
            let open = pollers.reduce(0) { $0 + $1.parkedCount } + inFlight.load(ordering: .relaxed)
            quiet = open > 0 ? 0 : quiet + 1
            tick()
        }
        for poller in pollers { poller.closeParked() }
        var one: UInt64 = 1
        _ = Glibc.write(leave, &one, MemoryLayout<UInt64>.size)
        // Let requests in flight finish; check twice, a moment apart, so a
        // request begun just as the threads were told to leave is seen. Each
        // finishes, or the watchdog answers it at its own deadline (under
        // nginx's 30 s), so the exit cuts off no request that has run: nginx
        // would run it again on another worker. The 30 s are a last bound.
        let deadline = Date().addingTimeInterval(30)
        var quietChecks = 0
        while quietChecks < 2 && Date() < deadline {
            quietChecks = inFlight.load(ordering: .relaxed) == 0 ? quietChecks + 1 : 0
            tick()
        }
        log.flush(last: true)  // with the summaries of repeated errors whose windows are still open
        _exit(LeakCheck.foundLeaks() ? 23 : timedOut.load(ordering: .relaxed) ? timedOutStatus : 0)
    }

    /// A serving thread's loop. Never inlined: Benchmarks/profile-worker.sh
    /// counts the instructions under this frame alone.
    @inline(never)
    private static func serve(
        _ pool: ThreadPool, socket: Int32, poller: KeptConnectionPoller, slot: RequestSlot, handler: APIHandler,
        refusal: HTTPResponse, metrics: Scoreboard.Slot, maxRequests: Int, logger: Logger, log: RequestLog.Output
    ) {
        defer { activeThreads.subtract(1, ordering: .relaxed) }
        // Linux keeps nice per thread, and PRIO_PROCESS with 0 names the calling thread alone.
        if pool.niceness != 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, pool.niceness) }
        let request = slot.request
        guard FCGX_InitRequest(request, socket, 0) == 0 else { return }
        var requestLog = RequestLog(logger: logger, output: log)
        // Accepting until nothing is pending, once the worker retires (`KeptConnectionPoller.retire`).
        var draining = false
        serving: while true {
            // Whether FCGX_Accept_r may accept from the listening socket.
            var mayAccept = true
            if !draining {
                switch poller.next() {
                case .stop: break serving
                case .nothing: continue serving
                case .accept:
                    // No connection in the request: FCGX_Accept_r accepts one,
                    // even as the worker retires: this worker's set was woken
                    // for it, no other.
                    break
                case .drain:
                    draining = true
                case .connection(let fd):
                    // FCGX_Accept_r first finishes the request it is given, which
                    // closes its connection unless kept; then it reads the next
                    // request from the connection. When the connection holds no
                    // request (nginx closed it), it closes it and accepts from
                    // listen_sock instead: not once retiring (its replacement does).
                    request.pointee.ipcFd = fd
                    request.pointee.keepConnection = 1
                    mayAccept = !stopping.load(ordering: .relaxed)
                }
            }
            request.pointee.listen_sock = mayAccept ? socket : -1
            let accepted = FCGX_Accept_r(request)
            guard accepted >= 0 else {
                // No request. libfcgi closed a connection that nginx had closed, then found
                // nothing to accept (EAGAIN: another thread took it, the socket being non-blocking).
                if draining && accepted != -EINTR { draining = false }
                switch -accepted {
                case EAGAIN, EWOULDBLOCK, EINTR: continue serving
                // Out of descriptors: the listening socket stays ready, so let a moment pass rather than spin.
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    usleep(10_000)
                    continue serving
                // The master shut the socket down (or, retiring, there is none to accept from).
                default:
                    poller.stopAccepting()
                    stopping.store(true, ordering: .relaxed)
                    continue serving
                }
            }
            inFlight.add(1, ordering: .relaxed)
            metrics.started()
            let start = DispatchTime.now().uptimeNanoseconds
            let (httpRequest, client) = FastCGIExchange.read(&request.pointee, bodyLimit: handler.bodyLimit)
            // Routed once: the handler switches over the route, and /metrics counts by it, the
            // watchdog's answer too (the slot keeps its endpoint).
            let route = Route(path: httpRequest.path)
            let endpoint = Endpoint(route)
            // Over its client's share while others want the pool: refused before any of its work.
            let admitted = slot.admit(client, at: start / 1_000_000)
            slot.begin(method: httpRequest.method, path: httpRequest.path, endpoint: endpoint, at: start)
            let response: HTTPResponse
            if !admitted {
                response = refusal
            } else {
                TestOnlySlowRequests.holdIfAsked(request.pointee.envp, logger: logger)
                response =
                    route == .metrics
                    ? MetricsRoute.response(
                        to: httpRequest,
                        peer: FCGX_GetParam("REMOTE_ADDR", request.pointee.envp).map { String(cString: $0) },
                        snapshot: metrics.scoreboard.snapshot)
                    : handler.handle(httpRequest, route: route)
            }
            guard slot.finishHandling() else {
                // The watchdog answered this request, closed its connection and
                // counted it out; the worker is retiring, without this thread.
                while true { pause() }
            }
            let whole = FastCGIExchange.write(response, head: httpRequest.method == "HEAD", to: &request.pointee)
            // A connection is kept only if the next request on it will start
            // at a record's start: this one's body must have been read to its end.
            if !FastCGIExchange.readToEnd(&request.pointee) || !whole { request.pointee.keepConnection = 0 }
            FCGX_Finish_r(request)
            // Kept (nginx asked, and nothing failed): back to the poller, not held by this thread.
            if request.pointee.ipcFd >= 0 {
                poller.park(request.pointee.ipcFd)
                request.pointee.ipcFd = -1
            }
            slot.end()
            inFlight.subtract(1, ordering: .relaxed)
            let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
            metrics.finished(endpoint, response.status, micros: micros)
            if logRequests {
                requestLog.write(
                    method: httpRequest.method, path: httpRequest.path, status: response.status, micros: micros,
                    client: client)
            }
            let count = served.add(1, ordering: .relaxed).newValue
            if maxRequests > 0 && count >= maxRequests {
                stopping.store(true, ordering: .relaxed)
                metrics.retire()
            }
        }
        FCGX_Free(request, 1)
    }

    /// The deadline watchdog: a few times per deadline (at most every 50 ms),
    /// answers every request handled for longer than `timeout` with 503
    /// `timed_out`, each at its own deadline. The first makes the worker
    /// retire (its replacement is forked at once); the worker exits once its
    /// other requests have finished or have been answered here in turn.
    private static func watch(
        _ slots: [RequestSlot], metrics: Scoreboard.Slot, timeout: Double, logger: Logger,
        log: RequestLog.Output
    ) {
        let limit = UInt64(timeout * 1e9)
        let nap = useconds_t(min(50_000, max(1_000, timeout * 1e6 / 4)))
        var requestLog = RequestLog(logger: logger, output: log)
        while true {
            usleep(nap)
            let now = DispatchTime.now().uptimeNanoseconds
            for slot in slots where slot.takeIfOverdue(now: now, limit: limit) {
                answerTimedOut(
                    slot, metrics: metrics, timeout: timeout, logger: logger, log: log,
                    requestLog: &requestLog)
            }
        }
    }

    /// Answers `slot`'s request, which the watchdog has taken from its thread.
    private static func answerTimedOut(
        _ slot: RequestSlot, metrics: Scoreboard.Slot, timeout: Double, logger: Logger,
        log: RequestLog.Output, requestLog: inout RequestLog
    ) {
        let request = slot.request
        let response = HTTPResponse.error(APIError.timedOut(after: timeout))
        FastCGIExchange.write(response, head: slot.method == "HEAD", to: &request.pointee)
        // The request is read to its end first: a connection closed with
        // bytes unread is reset, and a reset may cost nginx the answer, which
        // it would then retry elsewhere.
        _ = FastCGIExchange.readToEnd(&request.pointee)
        // Its thread is still running it and never comes back for the
        // connection, so it is not kept: nginx would send its next request on
        // it (the connection it freed last), where no one reads. libfcgi
        // closes one that is not kept by reading from it for up to 2 s, which
        // would hold the other overdue requests: the watchdog closes it itself.
        request.pointee.keepConnection = 1
        FCGX_Finish_r(request)
        if request.pointee.ipcFd >= 0 {
            close(request.pointee.ipcFd)
            request.pointee.ipcFd = -1
        }
        inFlight.subtract(1, ordering: .relaxed)
        let micros = DispatchTime.now().uptimeNanoseconds / 1000 - slot.startedMicros
        metrics.finished(slot.endpoint, response.status, micros: micros)
        if logRequests {
            // Once per deadline, and the worker retires: always written.
            requestLog.write(method: slot.method, path: slot.path, status: response.status, micros: micros, client: nil)
        }
        log.flush()  // the request lines before it, then the warning, in order
        logger.warning(
            """
            \(slot.method) \(slot.path) ran past \(timeout) s: answered 503 timed_out; \
            its thread is lost, so this worker retires and is replaced
            """)
        if !timedOut.exchange(true, ordering: .relaxed) {
            stopping.store(true, ordering: .relaxed)
            metrics.retire()
        }
    }
}

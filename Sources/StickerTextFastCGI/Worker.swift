import CFastCGI
import Foundation
import Glibc
import Logging
import StickerTextServer
import Synchronization

/// A worker process: T threads, each accepting on the shared socket with its
/// own `FCGX_Request`. A SIGTERM (or reaching `maxRequests`) stops it
/// gracefully: requests in flight finish, then the process exits, and threads
/// idle in `FCGX_Accept_r` (which SIGTERM does not wake) go with it.
enum Worker {
    static let stopping = Atomic<Bool>(false)
    static let inFlight = Atomic<Int>(0)
    static let served = Atomic<Int>(0)
    static let activeThreads = Atomic<Int>(0)
    static let logRequests = ProcessInfo.processInfo.environment["STICKERTEXT_NO_REQUEST_LOG"] == nil

    static func run(socket: Int32, handler: APIHandler, threads: Int, maxRequests: Int, logger: Logger) -> Never {
        Signals.install(SIGTERM) { _ in
            Worker.stopping.store(true, ordering: .relaxed)
            FCGX_ShutdownPending()
        }
        Signals.install(SIGINT) { _ in }  // the master decides; a terminal's Ctrl-C reaches every process
        Signals.ignore(SIGHUP)
        Signals.ignore(SIGPIPE)
        activeThreads.store(threads, ordering: .relaxed)
        for _ in 0 ..< threads {
            let thread = Thread { serve(socket: socket, handler: handler, maxRequests: maxRequests, logger: logger) }
            thread.stackSize = 1 << 20
            thread.start()
        }
        // Wait until asked to stop, or until every thread has left its loop
        // (the master shut the listening socket down).
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

    private static func serve(socket: Int32, handler: APIHandler, maxRequests: Int, logger: Logger) {
        defer { activeThreads.subtract(1, ordering: .relaxed) }
        var request = FCGX_Request()
        guard FCGX_InitRequest(&request, socket, 0) == 0 else { return }
        var requestLog = RequestLog(logger: logger)
        while !stopping.load(ordering: .relaxed) {
            guard FCGX_Accept_r(&request) >= 0 else { break }
            inFlight.add(1, ordering: .relaxed)
            let start = DispatchTime.now().uptimeNanoseconds
            let httpRequest = FastCGIExchange.read(&request, bodyLimit: handler.bodyLimit)
            let response = handler.handle(httpRequest)
            FastCGIExchange.write(response, head: httpRequest.method == "HEAD", to: &request)
            FCGX_Finish_r(&request)
            inFlight.subtract(1, ordering: .relaxed)
            let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
            if logRequests { requestLog.write(method: httpRequest.method, path: httpRequest.path, status: response.status, micros: micros) }
            let count = served.add(1, ordering: .relaxed).newValue
            if maxRequests > 0 && count >= maxRequests { stopping.store(true, ordering: .relaxed) }
        }
        FCGX_Free(&request, 0)
    }
}

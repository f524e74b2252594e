import ArgumentParser
import Foundation
import StickerText
import StickerTextHTTP
import StickerTextJSON

/// What the master and its workers run with.
struct ServerOptions: ParsableArguments {
    @Option(help: "Unix socket to listen on (the default), for nginx's fastcgi_pass unix:…") var socketPath =
        "run/stickertext.sock"
    @Option(help: "Listen on TCP instead, e.g. 127.0.0.1:9000.") var listen: String?
    @Option(help: "Worker processes (default: the number of cores).") var workers: Int?
    /// 4: a request is CPU work (nginx buffers the body), so threads beyond a
    /// few per core only take turns on it. With 8, on 2 cores under wrk -c32,
    /// a render cost 1.45× the worker CPU of the C responder's request and ran
    /// at 0.88× its rate; with 4, 1.03–1.40× and 0.94–1.12× in three runs
    /// (docs/benchmarks.md, "Threads per worker").
    @Option(help: "Threads per worker, each serving one request at a time.") var threads = 4
    @Option(
        help:
            ArgumentHelp(
                "Threads per worker for bodies over 64 KiB, on their own socket "
                    + "(default: a quarter of --threads, at least 1).")
    ) var largeThreads: Int?
    @Option(help: "Seconds a request may run; past it the request is answered 503 timed_out and its worker replaced.")
    var requestTimeout = 10.0
    @Option(help: "Replace a worker after this many requests (0: never).") var maxRequests = 0
    @Option(help: "A folder of <pack-id>/pack.json packs (default: the embedded packs).") var packs: String?
    @Option(help: "Largest request body in bytes; keep equal to nginx's client_max_body_size.") var bodyLimit =
        APIHandler.defaultBodyLimit
    @Option(
        help:
            ArgumentHelp(
                "Largest answer in bytes: a request whose answer would be larger is answered 413 answer_too_large "
                    + "before any of it is sent.")
    ) var answerLimit = AnswerLimit.defaultMost
    @Option(help: "Listen backlog.") var backlog = 1024
    @Option(help: "Seconds to let requests finish on shutdown before killing workers.") var shutdownGrace = 20

    var address: String { listen ?? socketPath }
    var workerCount: Int { max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount) }

    /// Where `pool` listens. The large pool is beside the main one: the socket
    /// path + ".large", or the TCP port + 1; scripts/nginx-conf.sh writes the
    /// same rule into nginx's upstreams.
    func address(of pool: ThreadPool) -> String {
        switch pool {
        case .main: return address
        case .large:
            guard let (host, port) = listenHostAndPort else { return socketPath + ".large" }
            return host + ":\(port + 1)"
        }
    }

    /// `--listen`'s ADDRESS and PORT (an IPv6 address keeps its colons).
    private var listenHostAndPort: (Substring, Int)? {
        guard let listen, let colon = listen.lastIndex(of: ":"),
            let port = Int(listen[listen.index(after: colon)...])
        else { return nil }
        return (listen[..<colon], port)
    }

    func threads(of pool: ThreadPool) -> Int {
        switch pool {
        case .main: threads
        case .large: largeThreads ?? max(1, threads / 4)
        }
    }

    /// The handler of these options, over `catalog`.
    func handler(catalog: StickerCatalog) -> APIHandler {
        APIHandler(catalog: catalog, bodyLimit: bodyLimit, answerLimit: AnswerLimit(most: answerLimit))
    }

    func loadCatalog() throws -> StickerCatalog {
        try StickerCatalog.load(packs: packs)
    }

    func validate() throws {
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1") }
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
        if bodyLimit < 1 { throw ValidationError("--body-limit must be at least 1") }
        if answerLimit < 1 << 16 {
            // An error's answer, or the packs document's, must always fit.
            throw ValidationError("--answer-limit must be at least 65536 bytes")
        }
        if let largeThreads, largeThreads < 1 { throw ValidationError("--large-threads must be at least 1") }
        if !(requestTimeout > 0 && requestTimeout < 30) {
            // nginx's fastcgi_read_timeout is 30 s: past it nginx answers first, without the service's message.
            throw ValidationError(
                "--request-timeout must be more than 0 and less than 30 seconds (nginx's own timeout)")
        }
        if listen != nil {
            // The large-body pool listens on PORT + 1, which must be a port too.
            guard let (_, port) = listenHostAndPort, (1...65534).contains(port) else {
                throw ValidationError(
                    "--listen must be ADDRESS:PORT with PORT from 1 to 65534 (the large-body pool takes PORT + 1)")
            }
        }
    }
}

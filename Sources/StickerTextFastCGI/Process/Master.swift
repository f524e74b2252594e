import CFastCGI
import Foundation
import Glibc
import Logging
import StickerText
import StickerTextHTTP

/// The master process, like PHP-FPM's: it opens the socket, forks the
/// workers and replaces any that dies, so a crash takes down one worker,
/// never the service. SIGTERM/SIGINT: stop accepting, let requests in flight
/// finish, exit. SIGHUP: reload the packs, validating first; on success the
/// workers are replaced one by one with the new catalog, on error the old
/// packs stay.
struct Master {
    let options: ServerOptions
    let logger: Logger
    var catalog: StickerCatalog {
        didSet { handler = options.handler(catalog: catalog) }
    }
    /// Built once per catalog (it encodes the packs document); every forked worker inherits it.
    private var handler: APIHandler
    var workers: [pid_t: Date] = [:]
    /// The unix socket files this master bound, to tell them from a successor's.
    var socketInodes: [ThreadPool: (dev_t, ino_t)] = [:]
    /// `/metrics`' counters, shared with every worker forked.
    private let scoreboard: Scoreboard
    /// The packs' version that keys nginx's cache (unix socket only: a TCP
    /// backend's nginx is on another host, and caches nothing).
    private let version: PacksVersionLink?
    /// Workers forked before the last reload, still serving the old packs:
    /// the new version is published when the last of them has exited.
    private var outdated: Set<pid_t> = []
    /// Retiring workers whose replacement is forked already: their exit forks none.
    private var replaced: Set<pid_t> = []
    /// Retiring workers whose replacement waits for a free scoreboard slot
    /// (retirements overlapping): forked as soon as any worker exits.
    private var awaiting: [pid_t] = []

    static func inode(of path: String) -> (dev_t, ino_t)? {
        var info = stat()
        return stat(path, &info) == 0 ? (info.st_dev, info.st_ino) : nil
    }

    mutating func run() -> Never {
        FCGX_Init()
        var sockets: [ThreadPool: Int32] = [:]
        for pool in ThreadPool.allCases {
            sockets[pool] = openSocket(options.address(of: pool))
            if options.listen == nil { socketInodes[pool] = Master.inode(of: options.address(of: pool)) }
        }
        let nginxLog = NginxLogSocket(options: options, logger: logger)
        Signals.installMaster()
        for _ in 0..<options.workerCount { spawn(sockets) }
        publishVersion()
        logger.notice(
            """
            master \(getpid()) serving on \(options.address) \
            with \(options.workerCount) workers × \(options.threads) threads, \
            and bodies over 64 KiB on \(options.address(of: .large)) with \(options.threads(of: .large)) threads each
            """)
        var stopping = false
        while true {
            // Flags first, every turn: a signal may arrive at any point of the loop.
            if Signals.stop.load(ordering: .relaxed) && !stopping {
                stopping = true
                logger.notice("stopping: finishing requests in flight")
                // Wakes every thread blocked in accept() in every worker; they finish and leave.
                for socket in sockets.values { Glibc.shutdown(socket, Int32(SHUT_RDWR)) }
                for pid in workers.keys { kill(pid, SIGTERM) }
                alarm(UInt32(options.shutdownGrace))
            }
            if Signals.alarm.exchange(false, ordering: .relaxed) && stopping {
                logger.error("workers still busy after \(options.shutdownGrace)s; killing them")
                for pid in workers.keys { kill(pid, SIGKILL) }
            }
            if Signals.reload.exchange(false, ordering: .relaxed) && !stopping {
                reload(sockets)
            }
            if !stopping {
                for pid in scoreboard.takeRetiring() where workers[pid] != nil { replaceEarly(pid, sockets) }
            }
            if stopping && workers.isEmpty { break }

            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            guard pid > 0 else {
                nginxLog.wait(upTo: 50_000, into: scoreboard)  // a signal cuts the nap short
                continue
            }
            let started = workers.removeValue(forKey: pid)
            scoreboard.release(pid)
            if stopping { continue }
            if outdated.remove(pid) != nil && outdated.isEmpty {
                // For a rolling reload across hosts: this one is done (docs/reliability.md).
                logger.notice("reload done: every worker serves the new packs")
                publishVersion()
            }
            scoreboard.countRestart(WorkerExit(waitStatus: status))
            if replaced.remove(pid) != nil {
                logger.notice("worker \(pid) \(describe(status)); its replacement serves already")
                if !awaiting.isEmpty { replaceEarly(awaiting.removeFirst(), sockets) }
                continue
            }
            awaiting.removeAll { $0 == pid }
            logger.warning("worker \(pid) \(describe(status)); starting a new one")
            // A worker that dies at once would otherwise be respawned in a tight loop.
            if let started, Date().timeIntervalSince(started) < 1 { usleep(200_000) }
            spawn(sockets)
        }
        // Remove a socket file only if it is still ours: a new master may
        // already have bound the path (a restart without downtime).
        for (pool, inode) in socketInodes {
            let path = options.address(of: pool)
            if let current = Master.inode(of: path), current == inode { unlink(path) }
        }
        publishVersion()  // nothing is cached under it: with no master, nothing is served from the cache
        nginxLog.close()
        for socket in sockets.values { close(socket) }
        logger.notice("stopped")
        exit(0)
    }

    private func openSocket(_ address: String) -> Int32 {
        guard options.listen == nil else { return listen(on: address) }
        // A unix socket is bound beside its path, opened to the master's own
        // group (0660: nginx's workers are in it, as another user; a local
        // user outside it cannot pose as nginx, with any REMOTE_ADDR), then
        // renamed over the path in one step: a master started while another
        // serves (a restart without downtime) never leaves the path missing
        // or unreadable, not even for a moment.
        let staging = address + ".\(getpid()).new"
        unlink(staging)
        let fd = listen(on: staging)
        guard chmod(staging, Master.socketMode) == 0, rename(staging, address) == 0 else {
            logger.critical("cannot put the socket at \(address): \(String(cString: strerror(errno)))")
            unlink(staging)
            exit(1)
        }
        return fd
    }

    /// The unix sockets' mode: the master's user and group (the unit's
    /// `Group=`, nginx's) only.
    static let socketMode: mode_t = 0o660

    private func listen(on address: String) -> Int32 {
        let fd = FCGX_OpenSocket(address, Int32(options.backlog))
        guard fd >= 0 else {
            logger.critical("cannot listen on \(address): \(String(cString: strerror(errno)))")
            exit(1)
        }
        // Non-blocking: a worker's thread accepts only when its poller says a
        // connection is there, and one that loses the race to another thread
        // or worker must get EAGAIN back, not block in accept (see
        // KeptConnectionPoller). Connections accepted from it still block.
        guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
            logger.critical("cannot make \(address) non-blocking: \(String(cString: strerror(errno)))")
            exit(1)
        }
        return fd
    }

    init(options: ServerOptions, logger: Logger, catalog: StickerCatalog) {
        self.options = options
        self.logger = logger
        self.catalog = catalog
        handler = options.handler(catalog: catalog)
        // Twice the workers: a retiring worker's replacement is forked before it exits.
        scoreboard = Scoreboard(
            slots: 2 * options.workerCount, threads: (options.threads(of: .main), options.threads(of: .large)),
            cores: ProcessInfo.processInfo.activeProcessorCount)
        version = options.listen == nil ? PacksVersionLink(socketPath: options.socketPath) : nil
    }

    /// Every worker serves the current packs (or, on stop, none does): a new
    /// version for nginx's cache keys.
    private func publishVersion() {
        guard let link = version else { return }
        if let published = link.publish() {
            logger.notice("packs version \(published) published at \(link.path): nginx's cache keys on it")
        } else {
            logger.error(
                """
                cannot publish the packs' version at \(link.path): \(String(cString: strerror(errno))); \
                nginx's cache keeps the last
                """)
        }
    }

    private mutating func spawn(_ sockets: [ThreadPool: Int32]) {
        let slot = scoreboard.freeSlot()
        let pid = fork()
        if pid == 0 {
            let pools = ThreadPool.allCases.map { (pool: $0, socket: sockets[$0]!, threads: options.threads(of: $0)) }
            Worker.run(
                pools: pools, handler: handler, metrics: scoreboard.slot(slot), maxRequests: options.maxRequests,
                requestTimeout: options.requestTimeout, logger: logger)
        }
        if pid < 0 {
            logger.error("fork failed: \(String(cString: strerror(errno)))")
            return
        }
        workers[pid] = Date()
        scoreboard.occupy(slot, by: pid)
    }

    /// Forks `pid`'s replacement now, while it retires: it has stopped
    /// accepting, and closes the connections nginx keeps to it only as they
    /// fall idle, so new connections must find a worker that accepts. With no
    /// slot free (retirements overlapping), the replacement waits for the next
    /// exit.
    private mutating func replaceEarly(_ pid: pid_t, _ sockets: [ThreadPool: Int32]) {
        guard !replaced.contains(pid), !awaiting.contains(pid) else { return }
        guard scoreboard.vacantSlot() != nil else {
            awaiting.append(pid)
            return
        }
        replaced.insert(pid)
        spawn(sockets)
    }

    private mutating func reload(_ sockets: [ThreadPool: Int32]) {
        do {
            catalog = try options.loadCatalog()
        } catch {
            logger.error("reload refused, keeping the current packs:\n\(error)")
            return
        }
        logger.notice("packs reloaded (\(catalog.packs.count) packs); replacing workers")
        // Each old worker finishes its requests and exits; its replacement is forked with the new catalog.
        outdated = Set(workers.keys)
        for pid in outdated {
            kill(pid, SIGTERM)
            replaceEarly(pid, sockets)
        }
    }

    private func describe(_ status: Int32) -> String {
        switch WorkerExit(waitStatus: status) {
        case .timedOut: "stopped itself: a request ran past --request-timeout"
        case .killed: "was killed by signal \(status & 0x7F)"
        case .retired, .failed: "exited with status \((status >> 8) & 0xFF)"
        }
    }
}

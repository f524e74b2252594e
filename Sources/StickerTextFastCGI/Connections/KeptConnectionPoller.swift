import CEpoll
import Glibc
import Synchronization

/// Where one thread pool's idle threads wait for work: its listening socket
/// and the FastCGI connections nginx keeps open between requests
/// (`fastcgi_keep_conn`), in one epoll set per worker process.
///
/// libfcgi alone serves a kept connection on one thread until nginx closes
/// it: `FCGX_Accept_r` reads the next request from the connection it holds,
/// and blocks there while nginx leaves it idle. nginx keeps idle connections
/// on top of those in use, so with more connections than threads a worker
/// stalled (1 worker × 4 threads: slowest answer 1.61 s, against 7.92 ms
/// without keep-conn). Here a thread holds a connection only while it has
/// bytes to read: after each request the connection is parked in the set
/// (EPOLLONESHOT: one thread, and one only, is woken when nginx sends the
/// next request on it), and the thread waits for whatever is ready next. An
/// idle connection costs a descriptor and no thread, however many nginx keeps.
///
/// libfcgi stays the parser and the acceptor: the thread hands a ready
/// connection back to its request and calls `FCGX_Accept_r`, which reads the
/// next request from it; woken for the listening socket, it calls
/// `FCGX_Accept_r` with no connection, which accepts (with libfcgi's
/// `FCGI_WEB_SERVER_ADDRS` check). The listening socket is non-blocking (the
/// master makes it so), so a thread that loses the race for a new
/// connection, or whose kept connection nginx has closed meanwhile, gets
/// EAGAIN from libfcgi's accept instead of blocking in it.
final class KeptConnectionPoller: @unchecked Sendable {  // the epoll set is the kernel's; `states` are atomics
    enum Work: Equatable {
        /// The listening socket has a connection: `FCGX_Accept_r` with none.
        case accept
        /// The worker retires and left the listening socket's set: accept
        /// what is pending there until nothing is (see `retire`).
        case drain
        /// A parked connection has bytes to read; it is this thread's now.
        case connection(Int32)
        /// Another thread got there first, or a signal interrupted the wait.
        case nothing
        /// The worker's threads are to leave.
        case stop
    }

    private let epoll: Int32
    private let listening: Int32

    /// What an epoll event carries: the listening socket, the stop signal, or
    /// a connection's descriptor with its generation in the high half.
    private static let listeningToken = UInt64.max
    private static let stopToken = UInt64.max - 1
    private static let drainToken = UInt64.max - 2
    /// Readable once the worker retires: wakes one thread (EPOLLONESHOT) to drain the listening socket.
    private let drainSignal: Int32
    private let retired = Atomic<Bool>(false)

    /// Per descriptor: the generation it was last parked under (shifted left
    /// one), and in the low bit whether it is parked now. A thread claims the
    /// connection its event names by clearing that bit under the event's
    /// generation (compare-and-swap), so an event for a descriptor closed and
    /// reused since, parked anew, claims nothing. Atomics rather than a lock:
    /// with a lock (Synchronization's Mutex) held across epoll_ctl, twenty
    /// threads spent half their time spinning for it and a render cost 75 µs
    /// of worker CPU instead of 45. The table is mapped, not allocated: pages
    /// no descriptor reaches are never touched.
    private let states: UnsafeMutablePointer<Atomic<UInt64>>
    private let capacity: Int
    private let nextGeneration = Atomic<UInt64>(0)
    private let parked = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)
    /// One past the highest descriptor ever parked: how far `closeParked` looks.
    private let highest = Atomic<Int>(0)

    /// `stop`: a descriptor that becomes readable, and stays so, when the threads are to leave (an eventfd).
    init(listening: Int32, stop: Int32) {
        self.listening = listening
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(epoll >= 0, "epoll_create1: \(String(cString: strerror(errno)))")
        // EPOLLEXCLUSIVE: a new connection wakes a waiting thread in one
        // worker, not one in every worker (the socket is shared).
        Self.watch(epoll, listening, EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue, Self.listeningToken)
        Self.watch(epoll, stop, EPOLLIN.rawValue, Self.stopToken)
        drainSignal = eventfd(0, Int32(EFD_CLOEXEC))
        precondition(drainSignal >= 0, "eventfd: \(String(cString: strerror(errno)))")
        Self.watch(epoll, drainSignal, EPOLLIN.rawValue | EPOLLONESHOT.rawValue, Self.drainToken)
        // Every descriptor is below the soft limit on open files.
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        capacity = Int(min(limit.rlim_cur, 1 << 20))
        let size = capacity * MemoryLayout<Atomic<UInt64>>.stride
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else {
            fatalError("cannot map the poller's table (\(size) bytes): \(String(cString: strerror(errno)))")
        }
        // Zero-filled, which is each Atomic's initial value (idle, generation 0).
        states = memory.bindMemory(to: Atomic<UInt64>.self, capacity: capacity)
    }

    private static func watch(_ epoll: Int32, _ fd: Int32, _ events: UInt32, _ token: UInt64) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        precondition(epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0, "epoll_ctl: \(String(cString: strerror(errno)))")
    }

    /// Waits for the next piece of work.
    func next() -> Work {
        var event = epoll_event()
        guard epoll_wait(epoll, &event, 1, -1) == 1 else { return .nothing }  // EINTR: a signal
        switch event.data.u64 {
        case Self.stopToken: return .stop
        case Self.listeningToken: return .accept
        case Self.drainToken: return .drain
        case let token:
            let fd = Int32(truncatingIfNeeded: token & 0xFFFF_FFFF)
            let generation = token >> 32
            return claim(fd, parkedAs: generation << 1 | 1) ? .connection(fd) : .nothing
        }
    }

    private func claim(_ fd: Int32, parkedAs state: UInt64) -> Bool {
        guard Int(fd) < capacity,
            states[Int(fd)].compareExchange(expected: state, desired: state & ~1, ordering: .acquiringAndReleasing)
                .exchanged
        else { return false }
        parked.subtract(1, ordering: .relaxed)
        return true
    }

    /// The listening socket can no longer accept (the master shut it down):
    /// out of the set.
    func stopAccepting() {
        var event = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, listening, &event)
    }

    /// The worker retires: out of the listening socket's set, then one thread
    /// is woken to accept what is pending there. With EPOLLEXCLUSIVE the
    /// kernel wakes one epoll set per new connection, and nothing wakes
    /// another when that set leaves: a connection whose wake-up reached this
    /// worker, as it retired and its replacement already waited, would sit
    /// in the backlog, unseen, until the next connection came (a lone
    /// `/metrics` scrape just after a 503 `timed_out`, one worker, two busy
    /// cores: nginx's 30 s read timeout). So what reached this worker is
    /// served here; what comes after wakes the others alone.
    func retire() {
        guard !retired.exchange(true, ordering: .relaxed) else { return }
        stopAccepting()
        var one: UInt64 = 1
        _ = Glibc.write(drainSignal, &one, MemoryLayout<UInt64>.size)
    }

    /// A connection that nginx keeps open, now that its request is answered:
    /// watched until nginx sends the next request on it, or closes it. Once
    /// the worker's threads are leaving, it is closed instead.
    func park(_ fd: Int32) {
        guard Int(fd) < capacity, !closed.load(ordering: .relaxed) else {
            close(fd)
            return
        }
        // 31 bits: the token's high half is never the listening or stop token's.
        let generation = nextGeneration.add(1, ordering: .relaxed).newValue & 0x7FFF_FFFF
        let state = generation << 1 | 1
        // Parked before it is armed: its event may reach a thread at once.
        parked.add(1, ordering: .relaxed)
        states[Int(fd)].store(state, ordering: .releasing)
        _ = highest.max(Int(fd) + 1, ordering: .relaxed)
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLONESHOT.rawValue
        event.data.u64 = generation << 32 | UInt64(UInt32(bitPattern: fd))
        // A connection is added when it is first parked and re-armed after
        // each request; closing it takes it out of the set (no other process
        // shares it), so its descriptor, reused, is added again.
        guard
            epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event) == 0
                || (errno == ENOENT && epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0)
        else {
            // It cannot be watched: closed (nginx opens another), unless the
            // worker's last `closeParked` took it meanwhile.
            if claim(fd, parkedAs: state) { close(fd) }
            return
        }
    }

    /// Closes every parked connection, and from now on each one parked: the
    /// worker's threads are leaving (see `Worker.run`: normally nginx has
    /// closed them all by then).
    func closeParked() {
        closed.store(true, ordering: .relaxed)
        for fd in 0..<highest.load(ordering: .relaxed) {
            let state = states[fd].load(ordering: .acquiring)
            if state & 1 == 1 && claim(Int32(fd), parkedAs: state) { close(Int32(fd)) }
        }
    }

    /// How many connections are parked: idle, or with a request no thread has taken yet.
    var parkedCount: Int { parked.load(ordering: .relaxed) }
}

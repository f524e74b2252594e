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
final class KeptConnectionPoller: @unchecked Sendable {  // the epoll set is the kernel's; `parked` has its lock
    enum Work: Equatable {
        /// The listening socket has a connection: `FCGX_Accept_r` with none.
        case accept
        /// A parked connection has bytes to read; it is this thread's now.
        case connection(Int32)
        /// Another thread got there first, or a signal interrupted the wait.
        case nothing
        /// The worker's threads are to leave.
        case stop
    }

    private let epoll: Int32
    private let listening: Int32
    private let parked = Mutex(Parked())

    /// What an epoll event carries: the listening socket, the stop signal, or
    /// a connection's descriptor with its generation in the high half.
    private static let listeningToken = UInt64.max
    private static let stopToken = UInt64.max - 1

    /// The connections parked in the set, each under the generation it was
    /// parked with. A thread claims the one its event names only if it is
    /// still parked under that generation, and on stop the worker closes
    /// those parked: under one lock, a connection is never both closed and
    /// claimed, and an event for a descriptor closed and reused since names an
    /// old generation.
    private struct Parked {
        var generations: [Int32: UInt32] = [:]
        var next: UInt32 = 0
        var closed = false
    }

    /// `stop`: a descriptor that becomes readable, and stays so, when the threads are to leave (an eventfd).
    init(listening: Int32, stop: Int32) {
        self.listening = listening
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(epoll >= 0, "epoll_create1: \(String(cString: strerror(errno)))")
        // EPOLLEXCLUSIVE: a new connection wakes a waiting thread in one
        // worker, not one in every worker (the socket is shared).
        Self.watch(epoll, listening, EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue, Self.listeningToken)
        Self.watch(epoll, stop, EPOLLIN.rawValue, Self.stopToken)
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
        case let token:
            let fd = Int32(truncatingIfNeeded: token & 0xFFFF_FFFF)
            let generation = UInt32(token >> 32)
            let claimed = parked.withLock { parked in
                guard parked.generations[fd] == generation else { return false }
                parked.generations[fd] = nil
                return true
            }
            return claimed ? .connection(fd) : .nothing
        }
    }

    /// The listening socket can no longer accept (the master shut it down):
    /// out of the set, or it would wake the threads again and again.
    func stopAccepting() {
        var event = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, listening, &event)
    }

    /// A connection that nginx keeps open, now that its request is answered:
    /// watched until nginx sends the next request on it, or closes it. Once
    /// the worker is stopping, it is closed instead.
    func park(_ fd: Int32) {
        parked.withLock { parked in
            guard !parked.closed else {
                close(fd)
                return
            }
            let generation = parked.next
            parked.next = (parked.next + 1) & 0x7FFF_FFFF  // 31 bits: never the two tokens' high halves
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLONESHOT.rawValue
            event.data.u64 = UInt64(generation) << 32 | UInt64(UInt32(bitPattern: fd))
            // A connection is added when it is first parked and re-armed after
            // each request; closing it takes it out of the set (no other
            // process shares it), so its descriptor, reused, is added again.
            guard epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event) == 0
                || (errno == ENOENT && epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0) else {
                close(fd)  // it cannot be watched: nginx sees it closed, and opens another
                return
            }
            parked.generations[fd] = generation
        }
    }

    /// Closes every parked connection, and from now on each one parked: the
    /// worker's threads are leaving (see `Worker.run`: normally nginx has
    /// closed them all by then).
    func closeParked() {
        parked.withLock { parked in
            parked.closed = true
            for fd in parked.generations.keys { close(fd) }
            parked.generations.removeAll()
        }
    }

    /// How many connections are parked: idle, or with a request no thread has taken yet.
    var parkedCount: Int { parked.withLock { $0.generations.count } }

}

import Glibc

/// A command run apart (`posix_spawnp`) and waited for by its pid.
///
/// Not Foundation's `Process`: its `waitUntilExit()` polls a run loop for the
/// child's end, and called off the main thread while other threads spawn
/// and wait too, it can miss that end and wait for ever (a known
/// swift-corelibs-foundation trap; it hung the test runner on CI, 90 minutes,
/// where the tests call this from many threads at once). `waitpid` on the
/// pid cannot miss it.
final class ChildProcess {
    /// Where one of the child's streams goes.
    enum Stream {
        /// The same as this process's.
        case inherited
        /// `/dev/null`.
        case discarded
        /// A pipe this end reads (`output`, `errors`).
        case piped
        /// A file, created or emptied.
        case file(path: String)
    }

    let pid: pid_t
    /// The read end of the child's standard output, when it is `.piped`.
    let output: Int32?
    /// The read end of the child's standard error, when it is `.piped`.
    let errors: Int32?
    private var status: Int32?

    /// Starts `arguments[0]`, found on PATH, with this process's environment,
    /// standard input from `/dev/null`, no signal blocked (a child of the test
    /// runner would otherwise inherit a mask that blocks SIGTERM) and none
    /// ignored.
    init(_ arguments: [String], output outputStream: Stream = .inherited, errors errorStream: Stream = .inherited)
        throws(SpawnError)
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        func route(_ stream: Stream, to fd: Int32) throws(SpawnError) -> Int32? {
            switch stream {
            case .inherited:
                return nil
            case .discarded:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
                return nil
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                return nil
            case .piped:
                var ends: [Int32] = [-1, -1]
                // Close-on-exec both from their making: the child gets its end by
                // dup2 alone, and no child another thread spawns meanwhile holds
                // either (it would hold the reader's end of file back until it
                // ended). A socket pair, as Glibc's module has no pipe2.
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
                else { throw SpawnError(reason: Self.lastError("socketpair")) }
                posix_spawn_file_actions_adddup2(&actions, ends[1], fd)
                parentEnds.append(ends[0])
                childEnds.append(ends[1])
                return ends[0]
            }
        }
        do {
            output = try route(outputStream, to: 1)
            errors = try route(errorStream, to: 2)
        } catch {
            for fd in parentEnds + childEnds { close(fd) }
            throw error
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let failed = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        for fd in childEnds { close(fd) }
        guard failed == 0 else {
            for fd in parentEnds { close(fd) }
            throw SpawnError(reason: "cannot run \(arguments[0]): \(String(cString: strerror(failed)))")
        }
        self.pid = pid
    }

    deinit {
        if status == nil {
            Glibc.kill(pid, SIGKILL)
            _ = wait()
        }
        for case let fd? in [output, errors] { close(fd) }
    }

    /// Reads `fd` (`output` or `errors`) to its end, handing each chunk to
    /// `chunk`; a chunk answered `false` stops the reading.
    static func read(_ fd: Int32, _ chunk: ([UInt8]) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || !chunk(Array(buffer[..<count])) { return }
        }
    }

    /// Everything `fd` gives until its end.
    static func readAll(_ fd: Int32) -> [UInt8] {
        var all: [UInt8] = []
        read(fd) {
            all += $0
            return true
        }
        return all
    }

    /// Waits for the child's end: its exit code, or the number of the signal
    /// that ended it (as `Process.terminationStatus`).
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else {
                status = -1
                return -1
            }
        }
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : signal
        return status!
    }

    /// Ends the child now (SIGKILL: it must not write on), without waiting.
    func kill() { Glibc.kill(pid, SIGKILL) }

    private static func lastError(_ call: String) -> String { "\(call): \(String(cString: strerror(errno)))" }
}

/// A command that could not be started, in words.
struct SpawnError: Error {
    let reason: String
}

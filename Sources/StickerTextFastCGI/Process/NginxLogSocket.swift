import Glibc
import Logging
import StickerTextHTTP

/// The unix datagram socket nginx reports its own 413s and 429s to: those
/// requests never reach a worker, so the site logs them (`access_log
/// syslog:server=unix:…`, nginx/site.conf.template) to this socket, beside
/// the FastCGI socket at `<socket path>.nginx`, and the master counts each
/// datagram into the scoreboard. Datagrams, not a stream or a file: nginx
/// never blocks on a slow reader, and a report the master cannot take in
/// time is dropped, not queued in nginx. On TCP (`--listen`) there is none:
/// nginx then runs on another host.
struct NginxLogSocket {
    private let fd: Int32
    private let path: String
    /// The socket file this master bound, to tell it from a successor's.
    private let inode: (dev_t, ino_t)?

    static func path(beside socketPath: String) -> String { socketPath + ".nginx" }

    /// Binds beside `options.socketPath` (none on TCP); like the FastCGI
    /// socket, bound at a staging path, opened to the master's group (nginx's),
    /// then renamed over the path in one step.
    init(options: ServerOptions, logger: Logger) {
        path = Self.path(beside: options.socketPath)
        guard options.listen == nil else {
            (fd, inode) = (-1, nil)
            return
        }
        let staging = path + ".\(getpid()).new"
        unlink(staging)
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let fits = staging.utf8.count < MemoryLayout.size(ofValue: address.sun_path)
        if fits {
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: staging.utf8) }
        }
        let bound =
            fits && descriptor >= 0
            && withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
                }
            }
        guard bound, chmod(staging, Master.socketMode) == 0, rename(staging, path) == 0 else {
            logger.critical(
                "cannot put nginx's log socket at \(path): \(fits ? String(cString: strerror(errno)) : "path too long")"
            )
            unlink(staging)
            exit(1)
        }
        fd = descriptor
        inode = Master.inode(of: path)
    }

    /// Sleeps up to `micros` (a signal cuts it short), counting each report
    /// as it arrives.
    func wait(upTo micros: Int32, into scoreboard: Scoreboard) {
        var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, micros / 1000) > 0 else { return }
        var datagram = [UInt8](repeating: 0, count: 512)
        while true {
            let n = recv(fd, &datagram, datagram.count, 0)
            guard n >= 0 else { return }  // EAGAIN: drained
            if let rejection = NginxRejection(datagram: datagram[..<n]) { scoreboard.count(rejection) }
        }
    }

    /// Removes the socket file if it is still this master's.
    func close() {
        guard fd >= 0 else { return }
        if let inode, let current = Master.inode(of: path), current == inode { unlink(path) }
        Glibc.close(fd)
    }
}

import Glibc

/// The packs' version, for nginx's cache: a file beside the unix socket (its
/// path + ".version") that nginx reads through a static subrequest, keying
/// every cached GET with the file's ETag (nginx makes it from the mtime and
/// the size). The master publishes a new version once all its workers serve
/// the same catalog: at start, and when the last worker forked before a
/// reload has exited. So an entry under a version holds that version's answer,
/// and a reload shows through the cache at once.
struct PacksVersionFile {
    let path: String
    /// The version last published here, by this master or one before it:
    /// each is a second later than the last, so two reloads within one
    /// second still have two ETags.
    private var last: time_t
    private var inode: (dev_t, ino_t)?

    init(socketPath: String) {
        path = socketPath + ".version"
        var info = stat()
        last = stat(path, &info) == 0 ? info.st_mtim.tv_sec : 0
    }

    /// Writes the next version: a new file renamed over the old one, so nginx
    /// reads one or the other, never a half-written one. Returns the version,
    /// or nil (with errno) if it could not be written; nginx then keeps the
    /// last one, and no answer is cached under a wrong one: the caller logs it.
    mutating func publish() -> time_t? {
        let version = max(time(nil), last + 1)
        let staging = path + ".\(getpid()).new"
        let fd = open(staging, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        let text = Array("\(version)\n".utf8)
        let times = [timespec(tv_sec: version, tv_nsec: 0), timespec(tv_sec: version, tv_nsec: 0)]
        // The mode explicitly: nginx's workers (another user) read it, whatever the umask.
        let written = write(fd, text, text.count) == text.count && fchmod(fd, 0o644) == 0 && futimens(fd, times) == 0
        close(fd)
        guard written, rename(staging, path) == 0 else {
            let saved = errno
            unlink(staging)
            errno = saved
            return nil
        }
        last = version
        inode = Master.inode(of: path)
        return version
    }

    /// Removes the file on stop, unless a successor (a restart without
    /// downtime) has published its own: with no master, nothing is cached.
    func remove() {
        if let inode, let current = Master.inode(of: path), current == inode { unlink(path) }
    }
}

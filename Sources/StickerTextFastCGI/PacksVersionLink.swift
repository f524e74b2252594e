import Glibc

/// The packs' version, for nginx's cache: a symbolic link beside the unix
/// socket (its path + ".version") to an empty folder named for the version
/// (the socket path + ".v" + a number). nginx keys every cached GET with
/// `$realpath_root` of that link: a few lstat calls per request, with no
/// subrequest and no file opened, and exact at once (a cached open file would
/// be up to a second late). The master publishes a new version once all its
/// workers serve the same catalog: at start, and when the last worker forked
/// before a reload has exited; so an entry under a version holds that
/// version's answer. On stop it publishes one more, under which nothing is
/// cached, rather than removing the link: without it nginx could not resolve
/// the key, and would answer 500 where 502 says what is wrong.
struct PacksVersionLink {
    let path: String
    init(socketPath: String) {
        path = socketPath + ".version"
    }

    /// The version the link names now: this master's last, or another's
    /// (one taking over the socket path, or the one it took over from).
    private var current: Int {
        Self.target(of: path).flatMap { Int($0.dropFirst(Self.basename(Self.prefix(of: path)).count)) } ?? 0
    }

    /// Makes the next version's folder, points the link at it (a new link
    /// renamed over the old one: nginx resolves one or the other, never none),
    /// and removes the folder the link left. Returns the version, or nil
    /// (with errno) if it could not; nginx then keeps the last one, and the
    /// caller logs it.
    mutating func publish() -> Int? {
        // A second after the version the link names (or now, if later): two
        // reloads within one second, or two masters, still make two versions.
        let version = max(time(nil), current + 1)
        let prefix = Self.prefix(of: path)
        let folder = prefix + "\(version)"
        let staging = path + ".\(getpid()).new"
        let previous = Self.target(of: path)
        unlink(staging)
        // 0755 explicitly, whatever the umask: nginx's workers (another user) resolve it.
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST, chmod(folder, 0o755) == 0,
              symlink(Self.basename(folder), staging) == 0 else { return nil }
        guard rename(staging, path) == 0 else {
            let saved = errno
            unlink(staging)
            errno = saved
            return nil
        }
        if let previous, previous != Self.basename(folder), previous.hasPrefix(Self.basename(prefix)) {
            rmdir(Self.directory(of: path) + "/" + previous)
        }
        return version
    }

    /// Where the link points (a name in the same folder), if it is a link.
    private static func target(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The version folders' common start: the socket path + ".v".
    private static func prefix(of linkPath: String) -> String {
        String(linkPath.dropLast(".version".count)) + ".v"
    }

    private static func basename(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

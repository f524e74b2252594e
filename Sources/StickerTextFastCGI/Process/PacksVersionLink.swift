import Foundation
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
    /// The socket's folder, which holds the link and the versions' folders.
    private let directory: String
    /// How a version's folder name starts: the socket's name + ".v".
    private let folderStart: String

    init(socketPath: String) {
        path = socketPath + ".version"
        let socket = socketPath as NSString
        directory = socket.deletingLastPathComponent.isEmpty ? "." : socket.deletingLastPathComponent
        folderStart = socket.lastPathComponent + ".v"
    }

    /// The version's folder the link names now: this master's last, or
    /// another's (one taking over the socket path, or the one it took over from).
    private var current: (name: String, version: Int)? {
        guard let name = try? FileManager.default.destinationOfSymbolicLink(atPath: path), name.hasPrefix(folderStart),
            let version = Int(name.dropFirst(folderStart.count))
        else { return nil }
        return (name, version)
    }

    /// Makes the next version's folder, points the link at it (a new link
    /// renamed over the old one: nginx resolves one or the other, never none),
    /// and removes the folder the link left. Returns the version, or nil
    /// (with errno) if it could not; nginx then keeps the last one, and the
    /// caller logs it.
    func publish() -> Int? {
        let previous = current
        // A second after the version the link names (or now, if later): two
        // reloads within one second, or two masters, still make two versions.
        let version = max(time(nil), (previous?.version ?? 0) + 1)
        let name = folderStart + "\(version)"
        let folder = directory + "/" + name
        let staging = path + ".\(getpid()).new"
        unlink(staging)
        // 0755 explicitly, whatever the umask: nginx's workers (another user) resolve it.
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST, chmod(folder, 0o755) == 0,
            symlink(name, staging) == 0
        else { return nil }
        guard rename(staging, path) == 0 else {
            let saved = errno
            unlink(staging)
            errno = saved
            return nil
        }
        if let previous { rmdir(directory + "/" + previous.name) }
        return version
    }
}

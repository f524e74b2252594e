import Foundation
import StickerText

/// tar.gz files through the system's GNU tar and gzip (Debian's essential
/// packages): reading an untrusted one within `ArchiveLimits`, and writing one.
/// Nothing here reads the tar format itself. Before tar extracts anything, the
/// gzip stream is expanded once to count its bytes (a bomb is stopped there),
/// and tar's own listing is checked: only regular files and folders, no
/// path leaving the archive, no more files than the limit. The extraction goes
/// into a new empty folder, which is walked again without following links.
enum SystemTar {
    static func read(_ url: URL, limits: ArchiveLimits) throws(InputError) -> ArchiveFiles {
        let label = url.lastPathComponent
        guard let head = FileHandle(forReadingAtPath: url.path)?.readData(ofLength: 2),
            head.elementsEqual([0x1F, 0x8B])
        else {
            throw problem(label, nil, "not a gzip-compressed tar (a .tar.gz, as tootctl writes and reads)")
        }
        let archiveBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let allowed = min(
            limits.maxTotalBytes + limits.maxFiles * 1024, max(limits.ratioFloorBytes, archiveBytes * limits.maxRatio))
        let expanded = try run(["gzip", "-dc", "--", url.path], label: label, stopAfter: allowed, keepOutput: false)
        if expanded.status != 0 && !expanded.stopped {
            throw problem(label, nil, "gzip cannot expand it: \(expanded.error)")
        }
        if expanded.stopped {
            throw problem(
                label, nil,
                allowed == limits.maxTotalBytes + limits.maxFiles * 1024
                    ? "refused: expands past \(limits.maxTotalBytes) bytes, the limit of one import"
                    : "refused: expands more than \(limits.maxRatio) times its \(archiveBytes) bytes (a gzip bomb?)")
        }
        // One line per member: its type letter first (- file, d folder, l link, h hard link, c b p devices and fifos).
        let verbose = try lines(
            run(["tar", "--list", "--verbose", "--gzip", "--file", url.path], label: label, stopAfter: 64 << 20))
        let names = try lines(
            run(
                ["tar", "--list", "--gzip", "--quoting-style=escape", "--file", url.path], label: label,
                stopAfter: 64 << 20))
        guard verbose.count == names.count else { throw problem(label, nil, "tar's listing of it does not add up") }
        if names.count > limits.maxFiles {
            throw problem(label, nil, "\(names.count) files, over the limit of \(limits.maxFiles) for one import")
        }
        for (line, name) in zip(verbose, names) {
            if let why = ArchivePath.problem(name) { throw problem(label, name, "refused: \(why)") }
            switch line.first {
            case "-", "d": continue
            case "l": throw problem(label, name, "refused: a symbolic link")
            case "h": throw problem(label, name, "refused: a hard link")
            default: throw problem(label, name, "refused: not a regular file or folder")
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stickertext-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw problem(folder.path, nil, "cannot make a folder to extract into")
        }
        let extracted = try run(
            [
                "tar", "--extract", "--gzip", "--file", url.path, "--directory", folder.path,
                "--no-same-owner", "--no-same-permissions",
            ], label: label, stopAfter: 1 << 20)
        if extracted.status != 0 { throw problem(label, nil, "tar cannot extract it: \(extracted.error)") }
        let (files, refused) = try regularFiles(in: folder, label: label, limits: limits)
        return ArchiveFiles(label: label, files: files, refused: refused)
    }

    /// Writes `files` (path → bytes) as a tar.gz at `url`: owner 0, dated
    /// 1970, sorted by name, gzip without a name or time, so that the same
    /// packs give the same bytes.
    static func write(_ files: [(path: String, bytes: [UInt8])], to url: URL) throws(InputError) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stickertext-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            for file in files {
                let target = folder.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: target)
            }
        } catch {
            throw problem(url.path, nil, "cannot stage the files: \(error)")
        }
        let result = try run(
            [
                "tar", "--create", "--file", url.path, "--use-compress-program", "gzip -n",
                "--owner=0", "--group=0", "--numeric-owner", "--mtime=@0", "--sort=name",
                "--directory", folder.path,
            ] + files.map(\.path), label: url.path, stopAfter: 1 << 20)
        if result.status != 0 { throw problem(url.path, nil, "tar cannot write it: \(result.error)") }
    }

    /// Every regular file below `folder`, by relative path, and those over
    /// the limit for one file, unread, with why; a link found there (tar was
    /// told none is in the archive) is refused all the same.
    private static func regularFiles(in folder: URL, label: String, limits: ArchiveLimits)
        throws(InputError) -> (files: [String: [UInt8]], refused: [String: String])
    {
        var files: [String: [UInt8]] = [:]
        var refused: [String: String] = [:]
        var total = 0
        let root = folder.path + "/"
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return ([:], [:]) }
        while let relative = walk.nextObject() as? String {
            let path = root + relative
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFREG: break
            default: throw problem(label, relative, "refused: not a regular file or folder")
            }
            let size = Int(info.st_size)
            if size > limits.maxFileBytes {
                refused[ArchivePath.normalized(relative)] = ArchiveFiles.overLimit(size, limits: limits)
                continue
            }
            total += size
            if total > limits.maxTotalBytes {
                throw problem(
                    label, nil, "refused: expands past \(limits.maxTotalBytes) bytes, the limit of one import")
            }
            files[ArchivePath.normalized(relative)] = FileManager.default.contents(atPath: path).map(Array.init) ?? []
        }
        return (files, refused)
    }

    private static func lines(_ result: Output) throws(InputError) -> [String] {
        if result.status != 0 || result.stopped {
            throw problem(result.label, nil, "tar cannot read it: \(result.error)")
        }
        return String(decoding: result.output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init)
    }

    struct Output {
        let label: String
        var output: [UInt8] = []
        var error = ""
        var status: Int32 = 0
        /// The command wrote more than `stopAfter` bytes and was stopped.
        var stopped = false
    }

    /// Runs a command (found on PATH), reading at most `stopAfter` bytes of
    /// its output (kept unless `keepOutput` is false): past that it is
    /// terminated and `stopped` is set.
    private static func run(_ arguments: [String], label: String, stopAfter: Int, keepOutput: Bool = true)
        throws(InputError) -> Output
    {
        // stderr to a file, not a pipe: a command blocked on a full stderr
        // pipe while this reads its stdout would never finish.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stickertext-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process: ChildProcess
        do {
            process = try ChildProcess(arguments, output: .piped, errors: .file(path: errorFile.path))
        } catch {
            throw problem(label, nil, error.reason)
        }
        var result = Output(label: label)
        var counted = 0
        ChildProcess.read(process.output!) { chunk in
            counted += chunk.count
            if counted > stopAfter {
                result.stopped = true
                process.kill()
                return false
            }
            if keepOutput { result.output += chunk }
            return true
        }
        result.status = process.wait()
        result.error = String(
            decoding: (FileManager.default.contents(atPath: errorFile.path) ?? Data()).prefix(2000), as: UTF8.self)
        return result
    }
}

import Foundation
import StickerText

/// The image folder beside a JSON document, each file read when asked: only
/// below the folder, never through a symbolic link, within the limits.
final class FolderFiles: FileSource {
    let label: String
    private let root: URL
    private let limits: ArchiveLimits
    private var budget: ReadBudget
    /// Each folder listed so far (`""` the root): its names by stem.
    private var stemsIn: [String: [String: [String]]] = [:]

    init(root: URL, limits: ArchiveLimits) {
        self.root = root
        self.limits = limits
        label = root.path.hasSuffix("/") ? root.path : root.path + "/"
        budget = ReadBudget(label: label, limits: limits)
    }

    /// The paths of the files that are `stem` and an extension (`AbC.PNG`
    /// for `AbC`, `emojis/12.gif` for `emojis/12`), in the folder of the
    /// stem, from one listing of each folder, sorted.
    func names(withStem stem: String) -> [String] {
        let path = ArchivePath.normalized(stem)
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if stemsIn[folder] == nil {
            var index: [String: [String]] = [:]
            if ArchivePath.problem(folder) == nil || folder.isEmpty {
                let url = folder.isEmpty ? root : root.appendingPathComponent(folder, isDirectory: true)
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() {
                    if let dot = name.lastIndex(of: ".") { index[String(name[..<dot]), default: []].append(name) }
                }
            }
            stemsIn[folder] = index
        }
        return (stemsIn[folder]?[base] ?? []).map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
    }

    /// Every regular file below the folder (relative paths, sorted), and
    /// what is there but not read (symbolic links, which are never followed,
    /// devices): at most `maxFiles` entries looked at in all, or the import stops.
    func allFiles() throws(InputError) -> (files: [String], others: [String]) {
        var files: [String] = []
        var others: [String] = []
        var seen = 0
        var pending = [""]
        while let folder = pending.popLast() {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder, isDirectory: true)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
                seen += 1
                if seen > limits.maxFiles {
                    throw problem(
                        label, nil,
                        "more than \(limits.maxFiles) files and folders, over the limit of one import (--max-files)")
                }
                let path = folder.isEmpty ? name : "\(folder)/\(name)"
                var info = stat()
                guard lstat(root.appendingPathComponent(path).path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: files.append(path)
                default: others.append(path)
                }
            }
        }
        return (files.sorted(), others.sorted())
    }

    func file(at path: String) throws(InputError) -> FileLookup {
        if let why = ArchivePath.problem(path) { return .refused("cannot be read: \(why)") }
        var url = root
        for part in ArchivePath.normalized(path).split(separator: "/") {
            url.appendPathComponent(String(part))
            var info = stat()
            guard lstat(url.path, &info) == 0 else { return .missing }
            if info.st_mode & S_IFMT == S_IFLNK {
                return .refused("is a symbolic link; an import reads only the folder's own files")
            }
        }
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .missing }
        let size = Int(info.st_size)
        if size > limits.maxFileBytes {
            return .refused(
                "is \(size) bytes, over the limit of \(limits.maxFileBytes) for one file (--max-file-bytes)")
        }
        try budget.countFile()
        try budget.countBytes(size)
        guard let data = FileManager.default.contents(atPath: url.path) else { return .refused("cannot be read") }
        return .found(Array(data))
    }
}

import Foundation
import StickerText

/// The image folder beside a JSON document, each file read when asked: only
/// below the folder, never through a symbolic link, within the limits.
final class FolderFiles: FileSource {
    let label: String
    private let root: URL
    private let limits: ArchiveLimits
    private var budget: ReadBudget
    private var byStem: [String: [String]]?

    init(root: URL, limits: ArchiveLimits) {
        self.root = root
        self.limits = limits
        label = root.path.hasSuffix("/") ? root.path : root.path + "/"
        budget = ReadBudget(label: label, limits: limits)
    }

    /// The names in the folder itself (not below it) that are `stem` and an
    /// extension (`AbC.PNG` for `AbC`), from one listing of the folder.
    func names(withStem stem: String) -> [String] {
        if byStem == nil {
            var index: [String: [String]] = [:]
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
                if let dot = name.lastIndex(of: ".") { index[String(name[..<dot]), default: []].append(name) }
            }
            byStem = index
        }
        return byStem?[stem] ?? []
    }

    func file(at path: String) throws(CatalogValidationError) -> FileLookup {
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

import Foundation
import StickerText

/// The image folder beside a JSON document, each file read when asked: only
/// below the folder, never through a symbolic link, within the limits.
final class FolderFiles: FileSource {
    let label: String
    private let root: URL
    private let limits: ArchiveLimits
    private var filesRead = 0
    private var bytesRead = 0

    init(root: URL, limits: ArchiveLimits) {
        self.root = root
        self.limits = limits
        label = root.path.hasSuffix("/") ? root.path : root.path + "/"
    }

    func bytes(at path: String) throws(CatalogValidationError) -> [UInt8]? {
        if let why = ArchivePath.problem(path) { throw problem(label + path, nil, "cannot be read: \(why)") }
        var url = root
        for part in ArchivePath.normalized(path).split(separator: "/") {
            url.appendPathComponent(String(part))
            var info = stat()
            guard lstat(url.path, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT == S_IFLNK {
                throw problem(label + path, nil, "is a symbolic link; an import reads only the folder's own files")
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        if size > limits.maxFileBytes {
            throw problem(label + path, nil, "is \(size) bytes, over the limit of \(limits.maxFileBytes) for one file")
        }
        filesRead += 1
        bytesRead += size
        if filesRead > limits.maxFiles {
            throw problem(label, nil, "more than \(limits.maxFiles) files asked for, over the limit of one import")
        }
        if bytesRead > limits.maxTotalBytes {
            throw problem(label, nil, "more than \(limits.maxTotalBytes) bytes of files, over the limit of one import")
        }
        return FileManager.default.contents(atPath: url.path).map(Array.init)
    }
}

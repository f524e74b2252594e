import Foundation
import StickerText

/// Pictures named by URL, saved in a folder: a URL's path (without scheme
/// and host) under the folder, as `wget -x -nH` saves it, else its last part
/// (a flat folder of downloads). A relative URL is a path in the folder.
struct URLFiles: FileSource {
    let folder: FolderFiles

    var label: String { folder.label }

    func bytes(at url: String) throws(CatalogValidationError) -> [UInt8]? {
        var path = url
        if let scheme = path.range(of: "://") {
            path = String(path[scheme.upperBound...])
            path = path.firstIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? ""
        }
        path = String(path.prefix { $0 != "?" && $0 != "#" })
        if let found = try folder.bytes(at: path) { return found }
        guard let last = path.split(separator: "/").last, String(last) != path else { return nil }
        return try folder.bytes(at: String(last))
    }
}

import Foundation
import StickerText

/// Pictures named by URL, saved in a folder: a URL's path (without scheme
/// and host) under the folder, as `wget -x -nH` saves it, else its last part
/// (a flat folder of downloads). A relative URL is a path in the folder.
/// Percent-encoded paths (`%E7%AC%91.png`) are looked up decoded, as a
/// browser or wget saves them, then as written. A last part that several
/// URLs end in (`…/1/image.png`, `…/2/image.png`) names no picture: in a
/// flat folder it would give two emoji one picture.
struct URLFiles: FileSource {
    let folder: FolderFiles
    /// Last parts that more than one URL of the document ends in.
    private let sharedLastParts: Set<String>

    init(folder: FolderFiles, urls: [String]) {
        self.folder = folder
        var seen: [String: String] = [:]
        var shared: Set<String> = []
        for url in Set(urls) {
            let path = Self.path(of: url)
            guard let last = path.split(separator: "/").last.map(String.init) else { continue }
            if let other = seen[last], other != path { shared.insert(last) }
            seen[last] = path
        }
        sharedLastParts = shared
    }

    var label: String { folder.label }

    func file(at url: String) throws(InputError) -> FileLookup {
        let path = Self.path(of: url)
        for candidate in Self.spellings(of: path) {
            let found = try folder.file(at: candidate)
            if case .missing = found { continue }
            return found
        }
        guard let last = path.split(separator: "/").last.map(String.init), last != path else { return .missing }
        if sharedLastParts.contains(last) {
            for candidate in Self.spellings(of: last) {
                if case .missing = try folder.file(at: candidate) { continue }
                return .refused(
                    "is not saved at its path (\(path)), and other URLs of the document end in \"\(last)\" too: a flat folder cannot tell whose picture it is; save the pictures with their paths (wget -x -nH)"
                )
            }
            return .missing
        }
        for candidate in Self.spellings(of: last) {
            let found = try folder.file(at: candidate)
            if case .missing = found { continue }
            return found
        }
        return .missing
    }

    /// The URL's path without scheme, host, query and fragment.
    static func path(of url: String) -> String {
        var path = url
        if let scheme = path.range(of: "://") {
            path = String(path[scheme.upperBound...])
            path = path.firstIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? ""
        }
        return String(path.prefix { $0 != "?" && $0 != "#" })
    }

    /// A path decoded, then as written when that differs.
    private static func spellings(of path: String) -> [String] {
        guard let decoded = path.removingPercentEncoding, decoded != path else { return [path] }
        return [decoded, path]
    }
}

/// The names an archive or an image folder may give its files: relative, and
/// below the folder they are read into. A zip or tar may name `../../.ssh/x`
/// or `/etc/passwd`; those are refused, never rewritten.
enum ArchivePath {
    /// Why `path` cannot name a file of an import, or nil when it can.
    /// Backslashes count as separators (zips made on Windows use them).
    static func problem(_ path: String) -> String? {
        if path.isEmpty { return "an empty file name" }
        if path.unicodeScalars.contains("\0") { return "a file name with a NUL character" }
        let normalized = path.replacingOccurrences(of: "\\", with: "/")
        if normalized.hasPrefix("/") { return "an absolute path" }
        if normalized.count >= 2, normalized.dropFirst().first == ":", normalized.first?.isLetter == true {
            return "a path with a drive letter"
        }
        let parts = normalized.split(separator: "/", omittingEmptySubsequences: true)
        if parts.contains("..") { return "a path that goes up (..)" }
        return nil
    }

    /// The path with `./` and empty components left out: how lookups compare names.
    static func normalized(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "/").split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}

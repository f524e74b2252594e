/// An archive's regular files, read whole within `ArchiveLimits` by
/// `ZipArchive` or `SystemTar`.
struct ArchiveFiles: FileSource {
    let label: String
    /// By path, normalized (`ArchivePath.normalized`).
    let files: [String: [UInt8]]
    /// Files over the limit for one file, by path, with why: each is the
    /// problem of the emoji that names it, as a picture too large from a URL
    /// is, not a reason to refuse the whole archive.
    var refused: [String: String] = [:]

    var paths: [String] { (Array(files.keys) + refused.keys).sorted() }

    func bytes(at path: String) -> [UInt8]? { files[ArchivePath.normalized(path)] }

    func file(at path: String) -> FileLookup {
        let key = ArchivePath.normalized(path)
        if let why = refused[key] { return .refused(why) }
        return files[key].map(FileLookup.found) ?? .missing
    }

    /// The message of a file too large to read alone, as a picture too large from a URL is told.
    /// `size` is nil when the file was stopped as it expanded, its whole size unknown.
    static func overLimit(_ size: Int?, limits: ArchiveLimits) -> String {
        size.map { "is \($0) bytes, over the limit of \(limits.maxFileBytes) for one file (--max-file-bytes)" }
            ?? "expands past \(limits.maxFileBytes) bytes, over the limit for one file (--max-file-bytes)"
    }
}

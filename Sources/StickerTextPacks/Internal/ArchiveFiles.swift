/// An archive's regular files, read whole within `ArchiveLimits` by
/// `ZipArchive` or `SystemTar`.
struct ArchiveFiles: FileSource {
    let label: String
    /// By path, normalized (`ArchivePath.normalized`).
    let files: [String: [UInt8]]

    var paths: [String] { files.keys.sorted() }

    func bytes(at path: String) -> [UInt8]? { files[ArchivePath.normalized(path)] }

    func file(at path: String) -> FileLookup { bytes(at: path).map(FileLookup.found) ?? .missing }
}

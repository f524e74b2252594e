/// What an export wrote, and what it has to say (fields or stickers the
/// format has no room for).
public struct PackExport: Sendable {
    /// Every file written: the archive, or the document and its image folder's files.
    public var written: [String]
    public var notes: [String]
}

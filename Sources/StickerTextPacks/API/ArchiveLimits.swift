/// What an imported archive, image folder or instance may hold. Archives
/// are read from anyone (a pack found online), so everything is bounded
/// before it is believed: how many files, how large each file and all of
/// them once expanded, and how far they expand from their compressed size;
/// for an instance, how large its answers and how long it takes to give them.
/// `stickertext import` raises the first three with --max-files,
/// --max-file-bytes and --max-bytes, for an instance with more emoji.
public struct ArchiveLimits: Sendable {
    /// Files in one source (and emoji in one document): room for a pack of
    /// 1000 stickers, each with an animation and its still, and the metadata.
    public var maxFiles = 2048
    /// One file, expanded.
    public var maxFileBytes = 2 * 1024 * 1024
    /// All files, expanded.
    public var maxTotalBytes = 64 * 1024 * 1024
    /// Expanded bytes per compressed byte, for an archive as a whole and for
    /// each zip entry. Images hardly compress (PNG, GIF and WebP are
    /// compressed already) and JSON about tenfold; a zip bomb goes past a thousand.
    public var maxRatio = 100
    /// Below this many expanded bytes the ratio is not held against an
    /// entry or an archive: a tar's 10 KiB of padding around one small file
    /// compresses a hundredfold, and harms no one.
    public var ratioFloorBytes = 1024 * 1024
    /// A JSON document: the source, or an instance's list of emoji (a few
    /// hundred bytes an emoji: room for tens of thousands).
    public var maxDocumentBytes = 16 * 1024 * 1024
    /// Seconds one fetch from an instance may take, from asking to the last byte.
    public var requestSeconds: Double = 30
    /// Redirects one fetch may follow (to http or https only).
    public var maxRedirects = 5

    public init() {}

    public static let `default` = ArchiveLimits()
}

/// What an imported archive or image folder may hold. Archives are read from
/// anyone (a pack found online), so everything is bounded before it is
/// believed: how many files, how large each file and all of them once
/// expanded, and how far they expand from their compressed size.
public struct ArchiveLimits: Sendable {
    /// Files in one source: room for a pack of 1000 stickers, each with an
    /// animation and its still, and the metadata.
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

    public init() {}

    public static let `default` = ArchiveLimits()
}

import Foundation
import StickerText

/// How `PackConversion.importPacks` reads a source.
public struct ImportOptions: Sendable {
    /// The folder of the pictures a document names (by default the folder
    /// beside it named as it without its extension).
    public var images: URL?
    /// The pack id, or the start of each category's; by default the
    /// source's name in lower case (an instance's host).
    public var id: String?
    public var title: LocalizedName?
    public var limits = ArchiveLimits.default
    /// Import the emoji that have no problem, and tell the others' in a note
    /// (`PackImport.skipped`), rather than refuse the whole source.
    public var skipInvalid = false
    /// Put before and after every shortcode, as tootctl's `--prefix` and
    /// `--suffix` do: `blob` with the prefix `mk_` is the code `[mk_blob]`.
    public var prefix = ""
    public var suffix = ""
    /// Fetch from an instance on a private or loopback address: its own host
    /// and port (the URL's) only; any other host a fetch is asked for, by the
    /// list or a redirect, must still resolve to public addresses only.
    public var allowPrivateHost = false
    /// Seconds a whole import from an instance may take, the list and every
    /// picture (each also within `limits.requestSeconds`); past it nothing more
    /// is fetched, and each picture left is named as not fetched (skipped
    /// with `skipInvalid`). 15 minutes: 2,048 pictures at 0.44 s each.
    public var totalSeconds: Double = 900
    /// Mark every imported sticker unlisted (`Sticker.unlisted`), as tootctl's `--unlisted` does.
    public var unlisted = false

    public init(
        images: URL? = nil, id: String? = nil, title: LocalizedName? = nil, limits: ArchiveLimits = .default,
        skipInvalid: Bool = false, prefix: String = "", suffix: String = "", unlisted: Bool = false
    ) {
        self.images = images
        self.id = id
        self.title = title
        self.limits = limits
        self.skipInvalid = skipInvalid
        self.prefix = prefix
        self.suffix = suffix
        self.unlisted = unlisted
    }
}

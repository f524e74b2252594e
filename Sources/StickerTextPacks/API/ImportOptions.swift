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

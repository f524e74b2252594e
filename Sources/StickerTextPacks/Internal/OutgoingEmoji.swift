import StickerText

/// One of our stickers as an export writes it: its shortcode in the target
/// format, and its picture. A format holds one picture per emoji, so it is
/// the 3x file (the largest); an animation's poster goes along for the
/// formats with room for a still (Mastodon's `static_url`).
struct OutgoingEmoji {
    var pack: StickerPack
    var sticker: Sticker
    var shortcode: String
    var image: [UInt8]
    var format: ImageFormat
    var poster: [UInt8]?
    /// The picture's name in an archive or folder: `<shortcode>.<extension>`,
    /// with `_2`… where two shortcodes differ only in case (`BlobCat`,
    /// `blobcat`), which a folder on macOS or Windows cannot tell apart (`_`,
    /// not `-`: Misskey's import drops a file name off
    /// `/^[a-zA-Z0-9_]+?([a-zA-Z0-9\.]+)?$/`); tootctl's archive names each
    /// by its shortcode exactly, which its rules keep apart without case (`OutgoingPacks`).
    var fileName = ""

    var fileExtension: String {
        switch format {
        case .png, .apng: "png"
        case .gif: "gif"
        case .webp: "webp"
        }
    }

    /// The codes other than the shortcode, without brackets: `笑哭`, `lol`.
    var otherCodes: [String] { sticker.codes.map(ShortcodeNames.content).filter { $0 != shortcode } }

    var mimeType: String {
        switch format {
        case .png, .apng: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }
}

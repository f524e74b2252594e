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

    var fileExtension: String {
        switch format {
        case .png, .apng: "png"
        case .gif: "gif"
        case .webp: "webp"
        }
    }

    /// `<shortcode>.<extension>`: the picture's name in an archive.
    var fileName: String { "\(shortcode).\(fileExtension)" }

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

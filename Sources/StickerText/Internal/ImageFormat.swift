/// The picture formats a pack may hold, told apart by their bytes rather than
/// their file names (a `.png` may well be an APNG). `package`: the format
/// converters (StickerTextPacks) check imported files with the same sniffing.
package enum ImageFormat: String, Sendable {
    case png = "PNG"
    /// A PNG with an `acTL` chunk: its frames are an animation.
    case apng = "APNG"
    case gif = "GIF"
    case webp = "WebP"
}

import StickerText

/// An image file of an import, checked by its bytes and made into a
/// sticker's files: the picture, and for an animation its still poster.
struct CheckedImage {
    var bytes: [UInt8]
    var sniffed: SniffedImage
    /// The extension its format is written with (`png` for APNG too).
    var fileExtension: String
    var poster: [UInt8]?
    /// What the import has to say of it (a name that does not say its format).
    var note: String?
}

import StickerText

/// Every picture an import takes is decoded whole, each frame, by the
/// library of its format (libpng, giflib, libwebp): headers that read well
/// say nothing of the pixels after them, and a picture that cannot be
/// decoded would be served as a broken image. Bounded by the limits a packs
/// folder holds its files to (`ImageFileRules`): each decoder checks the
/// sides its library reads and the frames it counts before it decodes a
/// pixel, so memory is at most a frame or two of the largest side, and time
/// at most the frame limit times that.
enum PictureDecoding {
    static let maxSide = ImageFileRules.maxSide
    static let maxFrames = ImageFileRules.maxFrames

    /// Decodes `bytes` as `format`, every frame; throws why not. For a WebP
    /// with `keepFirstFrame`, gives its first frame on its canvas, RGBA (the
    /// animated WebP's poster is made from it); else nil.
    static func decode(_ bytes: [UInt8], as format: ImageFormat, keepFirstFrame: Bool = false)
        throws(PictureFailure) -> RGBAPicture?
    {
        switch format {
        case .png, .apng:
            try PNGDecoder.decode(bytes)
            return nil
        case .gif:
            try GIFDecoder.decode(bytes)
            return nil
        case .webp:
            return try WebPDecoder.decode(bytes, keepFirstFrame: keepFirstFrame)
        }
    }

    /// Whether `bytes` decode whole as `format`.
    static func decodes(_ bytes: [UInt8], as format: ImageFormat) -> Bool {
        do throws(PictureFailure) {
            _ = try decode(bytes, as: format)
            return true
        } catch {
            return false
        }
    }

    /// The format `bytes` begin as, from their signature alone: what a file
    /// the sniffer could not read (cut short, say) is handed to, so that its
    /// library says what is wrong with it.
    static func signature(of bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        return nil
    }
}

/// Pixels as 8-bit RGBA rows, `width * 4` bytes each.
struct RGBAPicture {
    var width: Int
    var height: Int
    var pixels: [UInt8]
}

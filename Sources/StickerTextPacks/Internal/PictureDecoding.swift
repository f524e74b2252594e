import StickerText

/// Every picture an import takes is decoded whole, each frame, by the
/// library of its format (libpng, giflib, libwebp): headers that read well
/// say nothing of the pixels after them, and a picture that cannot be
/// decoded would be served as a broken image. Bounded by the limits a packs
/// folder holds its files to (`ImageFileRules`): each decoder checks the
/// sides its library reads and the frames it counts before it decodes a
/// pixel, so memory is at most a frame or two of the largest side; and the
/// pixels of all its frames together (`maxPixels`), so that a few kilobytes
/// cannot ask for seconds of work (a WebP of 100 one-colour frames of
/// 4096×4096 is 4.6 KB and took 5.8 s of CPU to decode).
enum PictureDecoding {
    static let maxSide = ImageFileRules.maxSide
    static let maxFrames = ImageFileRules.maxFrames
    /// Four pictures of the largest size: a still of any allowed size, and an
    /// animation of 100 frames up to 819×819 (emoji and stickers are 512 or less).
    static let maxPixels = 4 * maxSide * maxSide

    /// Adds up the pixels of a picture's frames, refusing the frame that would go over `maxPixels`.
    struct PixelBudget {
        private(set) var spent = 0

        /// Why not, when a frame of `width` by `height` goes over.
        mutating func spend(width: Int, height: Int) -> PictureFailure? {
            spent += width * height
            return spent <= PictureDecoding.maxPixels
                ? nil : PictureFailure(reason: .tooManyPixels(limit: PictureDecoding.maxPixels))
        }
    }

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

    /// What is wrong with `bytes` as a picture, in words that follow its
    /// name (`"a.png" cannot be decoded as a PNG: …`); nil when they decode
    /// whole. For the pictures an import takes as they are (the iOS
    /// originals' plists'), not through `ImageIntake`.
    static func problem(of bytes: [UInt8]) -> String? {
        guard let format = SniffedImage(bytes)?.format ?? signature(of: bytes) else {
            return "is not a PNG, APNG, GIF or WebP file"
        }
        do throws(PictureFailure) {
            _ = try decode(bytes, as: format)
            return nil
        } catch {
            return "cannot be decoded as \(article(format)): \(error)"
        }
    }

    /// "a PNG", "an APNG".
    static func article(_ format: ImageFormat) -> String {
        (format == .apng ? "an " : "a ") + format.rawValue
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

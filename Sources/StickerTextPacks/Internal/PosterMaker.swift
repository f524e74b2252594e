import CPNG
import StickerText

/// The still of an animation: the poster an animated sticker must have
/// (`ImageFileRules`), its first picture at the animation's size. APNG and
/// GIF keep theirs in a form a still file can hold as it is, so it is cut
/// from their bytes (the whole file has been decoded first: `PictureDecoding`);
/// an animated WebP's first frame is decoded onto its canvas by libwebp
/// (`WebPDecoder`) and written as a PNG by libpng.
enum PosterMaker {
    /// An APNG without its animation chunks (`acTL`, `fcTL`, `fdAT`): a
    /// PNG of its default image (`IDAT`), the first frame or the picture shown
    /// where APNG is not read, at the animation's size. Nil if the chunks do
    /// not add up.
    static func stillPNG(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 8 else { return nil }
        var still = Array(bytes[0..<8])
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = at + 12 + length
            guard end <= bytes.count else { return nil }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            if type != "acTL" && type != "fcTL" && type != "fdAT" { still += bytes[at..<end] }
            at = end
            if type == "IEND" { return still }
        }
        return nil
    }

    /// The GIF up to the end of its first image (as the sniffer reads it),
    /// then the trailer: a one-frame GIF of the animation's logical screen
    /// size. An application extension before it (NETSCAPE2.0's loop count)
    /// stays, harmless in a still. Nil if the sniffer cannot read it.
    static func firstGIFFrame(_ bytes: [UInt8]) -> [UInt8]? {
        guard let end = SniffedImage.gifFirstFrameEnd(bytes) else { return nil }
        return Array(bytes[0..<end]) + [0x3B]
    }

    /// `picture` as a PNG, written by libpng's simplified API (errors in
    /// its struct, no longjmp): asked for its size once, then written. Nil
    /// if libpng cannot write it.
    static func png(_ picture: RGBAPicture) -> [UInt8]? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(picture.width)
        image.height = png_uint_32(picture.height)
        // PNG_FORMAT_RGBA, a macro Swift does not import.
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let stride = png_int_32(picture.width * 4)
        return picture.pixels.withUnsafeBytes { pixels -> [UInt8]? in
            var size: png_alloc_size_t = 0
            guard png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil) != 0, size > 0
            else { return nil }
            var png = [UInt8](repeating: 0, count: Int(size))
            let written = png.withUnsafeMutableBytes {
                png_image_write_to_memory(&image, $0.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
            return written != 0 ? Array(png.prefix(Int(size))) : nil
        }
    }
}

import StickerText

/// The still of an animation, cut from its file without decoding a pixel:
/// the poster an animated sticker must have (`ImageFileRules`). APNG and GIF
/// keep their first picture in a form a still file can hold as it is; an
/// animated WebP's frames would have to be decoded and put on a canvas, so
/// it gets none (`ImageIntake` refuses it and says why).
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
}

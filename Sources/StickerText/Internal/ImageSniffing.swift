/// What the bytes of an image file say about it: format, pixel size and
/// frame count, read from the headers and chunk lists without decoding pixels.
package struct SniffedImage: Equatable, Sendable {
    package var format: ImageFormat
    package var width: Int
    package var height: Int
    package var frames: Int
    /// Whether a browser animates it: an APNG (an `acTL` chunk), a GIF of
    /// more than one frame, a WebP with an `ANIM` chunk.
    package var isAnimated: Bool

    /// Nil when the bytes are none of the formats, or are cut short.
    package init?(_ bytes: [UInt8]) {
        if let png = Self.png(bytes) {
            self = png
        } else if let gif = Self.gif(bytes) {
            self = gif
        } else if let webp = Self.webp(bytes) {
            self = webp
        } else {
            return nil
        }
    }

    init(format: ImageFormat, width: Int, height: Int, frames: Int, isAnimated: Bool) {
        self.format = format
        self.width = width
        self.height = height
        self.frames = frames
        self.isAnimated = isAnimated
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int) -> Int {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ at: Int, count: Int) -> Int {
        bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// PNG: IHDR first, then chunks; `acTL` (before the first IDAT) makes it
    /// an APNG and holds the frame count.
    private static func png(_ bytes: [UInt8]) -> SniffedImage? {
        guard bytes.count >= 33, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        var image = SniffedImage(
            format: .png, width: bigEndian(bytes, 16), height: bigEndian(bytes, 20), frames: 1, isAnimated: false)
        var at = 8
        while at + 8 <= bytes.count {
            let length = bigEndian(bytes, at)
            let type = bytes[at + 4..<at + 8]
            guard at + 12 + length <= bytes.count else { return nil }
            if type.elementsEqual("acTL".utf8), length >= 8 {
                image.format = .apng
                image.frames = bigEndian(bytes, at + 8)
                image.isAnimated = true
            }
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { return image }
            at += 12 + length
        }
        return nil
    }

    /// GIF: the logical screen, then blocks; each image descriptor is a frame.
    private static func gif(_ bytes: [UInt8]) -> SniffedImage? {
        gifBlocks(bytes).map {
            SniffedImage(format: .gif, width: $0.width, height: $0.height, frames: $0.frames, isAnimated: $0.frames > 1)
        }
    }

    /// A GIF's length up to the end of its first image: with the trailer
    /// after it, a one-frame GIF of the same screen (the poster that
    /// StickerTextPacks cuts from an animated GIF). Nil when not a GIF.
    package static func gifFirstFrameEnd(_ bytes: [UInt8]) -> Int? {
        gifBlocks(bytes)?.firstFrameEnd
    }

    /// The GIF's screen size, frames and where its first image ends, read block by block.
    private static func gifBlocks(_ bytes: [UInt8]) -> (width: Int, height: Int, frames: Int, firstFrameEnd: Int)? {
        guard bytes.count >= 13, bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8)
        else { return nil }
        let width = littleEndian(bytes, 6, count: 2)
        let height = littleEndian(bytes, 8, count: 2)
        func colorTable(_ packed: UInt8) -> Int { packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 7) + 1) }
        /// The offset after a run of data sub-blocks starting at `at`, or nil past the end.
        func skipSubBlocks(_ at: Int) -> Int? {
            var at = at
            while at < bytes.count {
                if bytes[at] == 0 { return at + 1 }
                at += 1 + Int(bytes[at])
            }
            return nil
        }
        var frames = 0
        var firstFrameEnd = 0
        var at = 13 + colorTable(bytes[10])
        while at < bytes.count {
            switch bytes[at] {
            case 0x2C:  // image descriptor, its local colour table, LZW code size, data
                guard at + 10 <= bytes.count, let next = skipSubBlocks(at + 10 + colorTable(bytes[at + 9]) + 1) else {
                    return nil
                }
                frames += 1
                if frames == 1 { firstFrameEnd = next }
                at = next
            case 0x21:  // extension: label, then sub-blocks
                guard let next = skipSubBlocks(at + 2) else { return nil }
                at = next
            case 0x3B:  // trailer
                guard frames > 0 else { return nil }
                return (width, height, frames, firstFrameEnd)
            default:
                return nil
            }
        }
        return nil
    }

    /// WebP: a RIFF of chunks; `VP8X` holds the canvas size, `ANIM` marks an
    /// animation and each `ANMF` is a frame; a still WebP is one `VP8 ` or `VP8L`.
    private static func webp(_ bytes: [UInt8]) -> SniffedImage? {
        guard bytes.count >= 20, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { return nil }
        var size: (width: Int, height: Int)?
        var animated = false
        var frames = 0
        var at = 12
        while at + 8 <= bytes.count {
            let type = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let length = littleEndian(bytes, at + 4, count: 4)
            let data = at + 8
            guard data + length <= bytes.count else { return nil }
            switch type {
            case "VP8X" where length >= 10:
                size = (littleEndian(bytes, data + 4, count: 3) + 1, littleEndian(bytes, data + 7, count: 3) + 1)
            case "ANIM":
                animated = true
            case "ANMF":
                frames += 1
            case "VP8 " where length >= 10:  // the key frame's start code, then 14-bit sizes
                guard bytes[data + 3..<data + 6].elementsEqual([0x9D, 0x01, 0x2A]) else { return nil }
                size =
                    size ?? (
                        littleEndian(bytes, data + 6, count: 2) & 0x3FFF,
                        littleEndian(bytes, data + 8, count: 2) & 0x3FFF
                    )
                frames = max(frames, 1)
            case "VP8L" where length >= 5:  // the signature, then 14-bit sizes less one
                guard bytes[data] == 0x2F else { return nil }
                let bits = littleEndian(bytes, data + 1, count: 4)
                size = size ?? ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
                frames = max(frames, 1)
            default:
                break
            }
            at = data + length + (length & 1)
        }
        guard let size, frames > 0 else { return nil }
        return SniffedImage(format: .webp, width: size.width, height: size.height, frames: frames, isAnimated: animated)
    }
}

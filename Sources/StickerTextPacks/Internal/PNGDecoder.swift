import CPNG

/// PNG and APNG decoded whole by libpng's simplified API (`png_image_*`),
/// which keeps libpng's longjmp inside libpng and reports an error in its
/// struct. libpng reads no APNG: each frame after the default image is
/// rebuilt as a PNG of its own (`APNGFrames`) and decoded the same way.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(PictureFailure) {
        var pixels: [UInt8] = []
        if let failure = decodeOne(bytes, frame: nil, into: &pixels) { throw failure }
        let frames = try APNGFrames(bytes)
        // The default image and each frame after it, counted before any of those is decoded.
        var budget = PictureDecoding.PixelBudget()
        if let failure = budget.spend(width: frames.width, height: frames.height) { throw failure }
        for frame in frames.frames where !frame.isDefaultImage {
            if let failure = budget.spend(width: frame.width, height: frame.height) { throw failure }
        }
        for index in frames.frames.indices where !frames.frames[index].isDefaultImage {
            let png = frames.standalonePNG(index)
            if let failure = decodeOne(png, frame: index + 1, into: &pixels) { throw failure }
        }
    }

    /// One PNG decoded into `pixels` (kept between frames, grown when a
    /// frame needs more), or why not. The sides are checked against the
    /// limit once libpng has read the header, before the buffer is made.
    private static func decodeOne(_ bytes: [UInt8], frame: Int?, into pixels: inout [UInt8]) -> PictureFailure? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        return bytes.withUnsafeBytes { raw -> PictureFailure? in
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return failure(image, frame: frame)
            }
            let (width, height) = (Int(image.width), Int(image.height))
            let limit = PictureDecoding.maxSide
            guard (1...limit).contains(width), (1...limit).contains(height) else {
                png_image_free(&image)
                return PictureFailure(reason: .tooLarge(width: width, height: height, limit: limit), frame: frame)
            }
            // PNG_FORMAT_RGBA, a macro Swift does not import.
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            if pixels.count < width * height * 4 { pixels = [UInt8](repeating: 0, count: width * height * 4) }
            let finished = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 4), nil)
            }
            return finished != 0 ? nil : failure(image, frame: frame)
        }
    }

    /// libpng's message, and what it means to whoever holds the file.
    private static func failure(_ image: png_image, frame: Int?) -> PictureFailure {
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let reason: PictureFailure.Reason
        if message.contains("end of data") || message.contains("Not enough image data")
            || message.contains("unexpected end") || message.contains("Read Error")
        {
            reason = .cutShort
        } else if message.contains("IDAT") || message.contains("image data") || message.contains("compressed data")
            || message.contains("filter")
        {
            reason = .damagedPixels
        } else {
            reason = .damagedStructure
        }
        return PictureFailure(reason: reason, frame: frame, library: "libpng", said: "\"\(message)\"")
    }
}

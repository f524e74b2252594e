import CWebP

/// A WebP decoded whole by libwebp: its container read by libwebpdemux,
/// whose canvas size and frame count are checked against the limits before
/// a pixel is decoded, then each frame decoded on its own (`WebPDecode`,
/// into one buffer of the canvas's size) so that a failure names its frame
/// and libwebp's status. A still WebP is a container of one frame.
enum WebPDecoder {
    /// With `keepFirstFrame`, the first frame put on a transparent canvas, as
    /// a browser shows it before the animation runs (the first frame has
    /// nothing under it to blend with or dispose of).
    static func decode(_ bytes: [UInt8], keepFirstFrame: Bool) throws(PictureFailure) -> RGBAPicture? {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<RGBAPicture?, PictureFailure> in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var state = WEBP_DEMUX_PARSING_HEADER
            guard let demux = WebPDemuxPartial(&data, &state) else {
                return .failure(
                    PictureFailure(reason: .damagedStructure, library: "libwebp", said: "WEBP_DEMUX_PARSE_ERROR"))
            }
            defer { WebPDemuxDelete(demux) }
            // Read as far as the bytes go: short of the end, the file stops before its container does.
            guard state == WEBP_DEMUX_DONE else {
                let name = state == WEBP_DEMUX_PARSING_HEADER ? "WEBP_DEMUX_PARSING_HEADER" : "WEBP_DEMUX_PARSED_HEADER"
                return .failure(PictureFailure(reason: .cutShort, library: "libwebp", said: name))
            }
            return frames(of: demux, keepFirstFrame: keepFirstFrame)
        }
        return try result.get()
    }

    private static func frames(of demux: OpaquePointer, keepFirstFrame: Bool) -> Result<RGBAPicture?, PictureFailure> {
        let width = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
        let height = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
        let count = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
        let limit = PictureDecoding.maxSide
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            return .failure(PictureFailure(reason: .tooLarge(width: width, height: height, limit: limit)))
        }
        guard count <= PictureDecoding.maxFrames else {
            return .failure(PictureFailure(reason: .tooManyFrames(limit: PictureDecoding.maxFrames)))
        }
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else {
            return .failure(
                PictureFailure(
                    reason: .damagedStructure, library: "libwebp", said: "WebPDemuxGetFrame found no frame 1"))
        }
        defer { WebPDemuxReleaseIterator(&iterator) }
        // Every frame's size, counted before any is decoded.
        var budget = PictureDecoding.PixelBudget()
        repeat {
            if let failure = budget.spend(width: Int(iterator.width), height: Int(iterator.height)) {
                return .failure(failure)
            }
        } while WebPDemuxNextFrame(&iterator) != 0
        guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else {
            return .failure(
                PictureFailure(
                    reason: .damagedStructure, library: "libwebp", said: "WebPDemuxGetFrame found no frame 1"))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var first: RGBAPicture?
        repeat {
            let frame = Int(iterator.frame_num)
            let (frameWidth, frameHeight) = (Int(iterator.width), Int(iterator.height))
            let (x, y) = (Int(iterator.x_offset), Int(iterator.y_offset))
            // libwebpdemux checks this; the buffer's size rests on it, so it is checked again here.
            guard frameWidth >= 1, frameHeight >= 1, x + frameWidth <= width, y + frameHeight <= height else {
                return .failure(
                    PictureFailure(
                        reason: .frameOutsideCanvas(x: x, y: y, width: frameWidth, height: frameHeight), frame: frame))
            }
            let status = pixels.withUnsafeMutableBytes { out in
                var config = WebPDecoderConfig()
                _ = WebPInitDecoderConfig(&config)
                config.output.colorspace = MODE_RGBA
                config.output.is_external_memory = 1
                config.output.u.RGBA = WebPRGBABuffer(
                    rgba: out.baseAddress?.assumingMemoryBound(to: UInt8.self), stride: Int32(frameWidth * 4),
                    size: frameWidth * frameHeight * 4)
                return WebPDecode(iterator.fragment.bytes, iterator.fragment.size, &config)
            }
            guard status == VP8_STATUS_OK else {
                return .failure(failure(status, frame: count > 1 ? frame : nil))
            }
            if keepFirstFrame && frame == 1 {
                var canvas = [UInt8](repeating: 0, count: width * height * 4)
                for row in 0..<frameHeight {
                    let from = row * frameWidth * 4
                    let to = ((y + row) * width + x) * 4
                    canvas[to..<to + frameWidth * 4] = pixels[from..<from + frameWidth * 4]
                }
                first = RGBAPicture(width: width, height: height, pixels: canvas)
            }
        } while WebPDemuxNextFrame(&iterator) != 0
        return .success(first)
    }

    /// libwebp's status, and what it means to whoever holds the file.
    private static func failure(_ status: VP8StatusCode, frame: Int?) -> PictureFailure {
        let (reason, name): (PictureFailure.Reason, String) =
            switch status {
            case VP8_STATUS_NOT_ENOUGH_DATA: (.cutShort, "VP8_STATUS_NOT_ENOUGH_DATA")
            // A frame's data stops short of its bitstream's end.
            case VP8_STATUS_SUSPENDED: (.cutShort, "VP8_STATUS_SUSPENDED")
            case VP8_STATUS_BITSTREAM_ERROR: (.damagedPixels, "VP8_STATUS_BITSTREAM_ERROR")
            case VP8_STATUS_UNSUPPORTED_FEATURE: (.damagedStructure, "VP8_STATUS_UNSUPPORTED_FEATURE")
            case VP8_STATUS_OUT_OF_MEMORY: (.damagedStructure, "VP8_STATUS_OUT_OF_MEMORY")
            case VP8_STATUS_INVALID_PARAM: (.damagedStructure, "VP8_STATUS_INVALID_PARAM")
            default: (.damagedStructure, "VP8StatusCode \(status.rawValue)")
            }
        return PictureFailure(reason: reason, frame: frame, library: "libwebp", said: name)
    }
}

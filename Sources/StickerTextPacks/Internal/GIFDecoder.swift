import CGIF

/// A GIF decoded whole by giflib, record by record from memory: each
/// frame's descriptor is checked against the side limit before its lines
/// are decoded into one reused line buffer, and the frames are counted
/// against the frame limit as they come (not `DGifSlurp`, which would
/// hold every frame's pixels at once).
enum GIFDecoder {
    /// Where giflib's read callback reads from.
    private struct Cursor {
        var bytes: UnsafeRawBufferPointer
        var at = 0
    }

    static func decode(_ bytes: [UInt8]) throws(PictureFailure) {
        let failure = bytes.withUnsafeBytes { raw -> PictureFailure? in
            var cursor = Cursor(bytes: raw)
            return withUnsafeMutablePointer(to: &cursor) { decode(from: $0) }
        }
        if let failure { throw failure }
    }

    private static func decode(from cursor: UnsafeMutablePointer<Cursor>) -> PictureFailure? {
        var error: Int32 = 0
        // Gives what is asked for or less: giflib takes less as the file ending early.
        let read: InputFunc = { gif, buffer, count in
            guard let gif, let buffer, count > 0 else { return 0 }
            let cursor = gif.pointee.UserData.assumingMemoryBound(to: Cursor.self)
            let n = min(Int(count), cursor.pointee.bytes.count - cursor.pointee.at)
            guard n > 0 else { return 0 }
            UnsafeMutableRawPointer(buffer).copyMemory(
                from: cursor.pointee.bytes.baseAddress! + cursor.pointee.at, byteCount: n)
            cursor.pointee.at += n
            return Int32(n)
        }
        guard let gif = DGifOpen(cursor, read, &error) else { return failure(error, frame: nil) }
        defer { DGifCloseFile(gif, &error) }
        let limit = PictureDecoding.maxSide
        let (screenWidth, screenHeight) = (Int(gif.pointee.SWidth), Int(gif.pointee.SHeight))
        guard (1...limit).contains(screenWidth), (1...limit).contains(screenHeight) else {
            return PictureFailure(reason: .tooLarge(width: screenWidth, height: screenHeight, limit: limit))
        }
        var frames = 0
        var line: [GifPixelType] = []
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { return failure(gif.pointee.Error, frame: nil) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                frames += 1
                guard frames <= PictureDecoding.maxFrames else {
                    return PictureFailure(reason: .tooManyFrames(limit: PictureDecoding.maxFrames))
                }
                guard DGifGetImageDesc(gif) == GIF_OK else { return failure(gif.pointee.Error, frame: frames) }
                let image = gif.pointee.Image
                let (width, height) = (Int(image.Width), Int(image.Height))
                guard (1...limit).contains(width), (1...limit).contains(height) else {
                    return PictureFailure(reason: .tooLarge(width: width, height: height, limit: limit), frame: frames)
                }
                if line.count < width { line = [GifPixelType](repeating: 0, count: width) }
                for _ in 0..<height {
                    guard DGifGetLine(gif, &line, Int32(width)) == GIF_OK else {
                        return failure(gif.pointee.Error, frame: frames)
                    }
                }
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
                    return failure(gif.pointee.Error, frame: nil)
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                        return failure(gif.pointee.Error, frame: nil)
                    }
                }
            case TERMINATE_RECORD_TYPE:
                return frames > 0 ? nil : PictureFailure(reason: .damagedStructure, library: nil, said: nil)
            default:
                return failure(D_GIF_ERR_WRONG_RECORD, frame: nil)
            }
        }
    }

    /// giflib's error code, its words (`GifErrorString`), and what it means to whoever holds the file.
    private static func failure(_ code: Int32, frame: Int?) -> PictureFailure {
        let reason: PictureFailure.Reason =
            switch code {
            case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: .cutShort
            case D_GIF_ERR_IMAGE_DEFECT, D_GIF_ERR_DATA_TOO_BIG: .damagedPixels
            default: .damagedStructure
            }
        let words = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return PictureFailure(reason: reason, frame: frame, library: "giflib", said: "\"\(words)\"")
    }
}

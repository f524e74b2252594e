import CGIF

/// A GIF decoded whole by giflib, record by record from memory: its frames'
/// sizes added up first (`framesOverBudget`), then each frame's descriptor
/// checked against the side limit before its lines are decoded into one
/// reused line buffer, and the frames counted against the frame limit as
/// they come (not `DGifSlurp`, which would hold every frame's pixels at once).
enum GIFDecoder {
    /// Where giflib's read callback reads from.
    private struct Cursor {
        var bytes: UnsafeRawBufferPointer
        var at = 0
    }

    static func decode(_ bytes: [UInt8]) throws(PictureFailure) {
        if let failure = framesOverBudget(bytes) { throw failure }
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
        var budget = PictureDecoding.PixelBudget()
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
                if let failure = budget.spend(width: width, height: height) { return failure }
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
                return frames > 0 ? nil : PictureFailure(reason: .damagedStructure)
            default:
                return failure(D_GIF_ERR_WRONG_RECORD, frame: nil)
            }
        }
    }

    /// The frames' sizes added up from their descriptors, in one pass over
    /// the blocks before any is decoded: why not, when they come to more
    /// than a picture may. Where the blocks do not add up the pass stops, and
    /// giflib says what is wrong (the budget is kept as it decodes, too).
    private static func framesOverBudget(_ bytes: [UInt8]) -> PictureFailure? {
        func colorTable(_ packed: UInt8) -> Int { packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 7) + 1) }
        func littleEndian(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        /// The offset after the sub-blocks that start at `at`, or nil past the end.
        func afterSubBlocks(_ at: Int) -> Int? {
            var at = at
            while at < bytes.count {
                if bytes[at] == 0 { return at + 1 }
                at += 1 + Int(bytes[at])
            }
            return nil
        }
        guard bytes.count >= 13 else { return nil }
        var budget = PictureDecoding.PixelBudget()
        var at = 13 + colorTable(bytes[10])
        while at < bytes.count {
            switch bytes[at] {
            case 0x2C:  // an image descriptor, its colour table, the LZW code size, its data
                guard at + 10 <= bytes.count else { return nil }
                if let failure = budget.spend(width: littleEndian(at + 5), height: littleEndian(at + 7)) {
                    return failure
                }
                guard let next = afterSubBlocks(at + 10 + colorTable(bytes[at + 9]) + 1) else { return nil }
                at = next
            case 0x21:  // an extension: its label, then sub-blocks
                guard let next = afterSubBlocks(at + 2) else { return nil }
                at = next
            default:  // the trailer, or what giflib will name
                return nil
            }
        }
        return nil
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

/// An APNG's frames read from its chunks (`fcTL`, then `IDAT` or `fdAT`),
/// each after the default image made a PNG of its own that libpng can
/// decode: the header with the frame's size, the chunks before the first
/// `IDAT` (palette, transparency, colour), the frame's data as `IDAT`. One
/// pass over the chunks; each frame's PNG is built when it is decoded, so
/// memory is one frame's data at a time. A PNG without `acTL` has none.
struct APNGFrames {
    struct Frame {
        /// Where its `fcTL` data starts.
        var control: Int
        /// Whether its data is the `IDAT`'s: the default image is the first frame (already decoded as the PNG).
        var isDefaultImage: Bool
        /// Its `fdAT`s' data, after their sequence numbers.
        var data: [Range<Int>] = []
        /// From its `fcTL`, once checked to lie inside the canvas.
        var width = 0
        var height = 0
    }

    private let bytes: [UInt8]
    private var header = 0..<0
    /// Whole chunks (length to CRC) between the header and the first `IDAT`.
    private var prelude: [Range<Int>] = []
    private(set) var frames: [Frame] = []
    /// The header's size: the default image's, and the canvas the frames lie on.
    private(set) var width = 0
    private(set) var height = 0

    init(_ bytes: [UInt8]) throws(PictureFailure) {
        self.bytes = bytes
        var animated = false
        var seenData = false
        var ended = false
        var at = 8
        while at + 12 <= bytes.count, !ended {
            let length = Self.bigEndian(bytes, at)
            guard length <= bytes.count - at - 12 else { throw PictureFailure(reason: .cutShort) }
            let data = at + 8..<at + 8 + length
            switch String(decoding: bytes[at + 4..<at + 8], as: UTF8.self) {
            case "IHDR": header = data
            case "acTL": animated = true
            case "fcTL":
                guard length >= 26 else { throw PictureFailure(reason: .damagedStructure, frame: frames.count + 1) }
                frames.append(Frame(control: data.lowerBound, isDefaultImage: !seenData))
                guard frames.count <= PictureDecoding.maxFrames else {
                    throw PictureFailure(reason: .tooManyFrames(limit: PictureDecoding.maxFrames))
                }
            case "IDAT": seenData = true
            case "fdAT":
                guard length >= 4, let last = frames.indices.last, !frames[last].isDefaultImage else {
                    throw PictureFailure(reason: .damagedStructure, frame: frames.count)
                }
                frames[last].data.append(data.lowerBound + 4..<data.upperBound)
            case "IEND": ended = true
            default: if !seenData { prelude.append(at..<data.upperBound + 4) }
            }
            at = data.upperBound + 4
        }
        guard ended else { throw PictureFailure(reason: .cutShort) }
        guard header.count == 13 else { throw PictureFailure(reason: .damagedStructure) }
        (width, height) = (Self.bigEndian(bytes, header.lowerBound), Self.bigEndian(bytes, header.lowerBound + 4))
        guard animated else {
            frames = []
            return
        }
        let (canvasWidth, canvasHeight) = (width, height)
        for (index, frame) in frames.enumerated() {
            let at = frame.control
            let (width, height) = (Self.bigEndian(bytes, at + 4), Self.bigEndian(bytes, at + 8))
            let (x, y) = (Self.bigEndian(bytes, at + 12), Self.bigEndian(bytes, at + 16))
            guard width >= 1, height >= 1, x + width <= canvasWidth, y + height <= canvasHeight else {
                throw PictureFailure(
                    reason: .frameOutsideCanvas(x: x, y: y, width: width, height: height), frame: index + 1)
            }
            guard frame.isDefaultImage || !frame.data.isEmpty else {
                throw PictureFailure(reason: .damagedStructure, frame: index + 1)
            }
            (frames[index].width, frames[index].height) = (width, height)
        }
    }

    /// Frame `index` (after the default image) as a PNG of its own.
    func standalonePNG(_ index: Int) -> [UInt8] {
        let frame = frames[index]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += Self.chunk("IHDR", Array(bytes[frame.control + 4..<frame.control + 12]) + bytes[header.dropFirst(8)])
        for chunk in prelude { png += bytes[chunk] }
        png += Self.chunk("IDAT", frame.data.flatMap { bytes[$0] })
        png += Self.chunk("IEND", [])
        return png
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int) -> Int {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = CRC32.checksum(typeAndData)
        return bigEndianBytes(data.count) + typeAndData + bigEndianBytes(Int(crc))
    }

    private static func bigEndianBytes(_ n: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: n >> (24 - 8 * $0)) }
    }
}

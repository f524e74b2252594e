/// The rules for the bytes of a sticker's files, checked when a packs folder
/// is loaded: an animation is what its pack says it is, within limits a
/// phone can decode in a chat full of stickers, with a still poster of its size.
package enum ImageFileRules {
    package static let maxFrames = 100
    static let maxBytes = 512 * 1024
    /// The same bound as the declared size (`CatalogValidator`), in file pixels.
    package static let maxSide = 4096

    /// Each way a file can break the rules: one case, one message.
    package enum Problem: Hashable, CustomStringConvertible {
        /// Not a PNG, APNG, GIF or WebP that can be read to its first frame.
        case unknownFormat(file: String)
        case tooManyBytes(file: String, bytes: Int)
        case tooManyFrames(file: String, frames: Int)
        case sideOutOfRange(file: String, width: Int, height: Int)
        /// `"animated": true`, but the file is a still.
        case stillButDeclaredAnimated(file: String, format: ImageFormat)
        /// An animation in a sticker that does not say so (it would have no poster).
        case animatedButNotDeclared(file: String, format: ImageFormat)
        case animatedPoster(file: String, format: ImageFormat)
        case posterSizeDiffers(
            poster: String, width: Int, height: Int, animation: String, animationWidth: Int, animationHeight: Int)

        package var description: String {
            switch self {
            case .unknownFormat(let file):
                "image \"\(file)\" is not a PNG, APNG, GIF or WebP file"
            case .tooManyBytes(let file, let bytes):
                "image \"\(file)\" is \(bytes) bytes, over the limit of \(maxBytes) for an animated sticker's files"
            case .tooManyFrames(let file, let frames):
                "animated image \"\(file)\" has \(frames) frames, over the limit of \(maxFrames)"
            case .sideOutOfRange(let file, let width, let height):
                "image \"\(file)\" is \(width)×\(height) pixels, not between 1 and \(maxSide) a side"
            case .stillButDeclaredAnimated(let file, let format):
                "image \"\(file)\" is marked animated but is a still \(format.rawValue)"
            case .animatedButNotDeclared(let file, let format):
                "image \"\(file)\" is an animated \(format.rawValue): mark the image \"animated\": true and give it a poster"
            case .animatedPoster(let file, let format):
                "poster \"\(file)\" is an animated \(format.rawValue); a poster must be a still"
            case .posterSizeDiffers(
                let poster, let width, let height, let animation, let animationWidth, let animationHeight):
                "poster \"\(poster)\" is \(width)×\(height) pixels but its animation \"\(animation)\" is \(animationWidth)×\(animationHeight)"
            }
        }
    }

    /// The problems of one sticker's files; `read` gives a file's bytes (nil
    /// when it is missing, which `CatalogValidator.checkFiles` reports itself).
    static func problems(of image: StickerImage, read: (String) -> [UInt8]?) -> [Problem] {
        var problems: [Problem] = []
        guard let poster = image.poster else {
            // A still sticker's files are not otherwise checked; only an undeclared animation is an error.
            var seen: Set<String> = []
            for file in image.files where seen.insert(file).inserted {
                if let sniffed = read(file).flatMap(SniffedImage.init), sniffed.isAnimated {
                    problems.append(.animatedButNotDeclared(file: file, format: sniffed.format))
                }
            }
            return problems
        }
        for (file, still) in zip(image.files, poster.files) {
            let animation = check(file, read: read, problems: &problems)
            if let animation, !animation.isAnimated {
                problems.append(.stillButDeclaredAnimated(file: file, format: animation.format))
            }
            guard let posterImage = check(still, read: read, problems: &problems) else { continue }
            if posterImage.isAnimated { problems.append(.animatedPoster(file: still, format: posterImage.format)) }
            if let animation, (animation.width, animation.height) != (posterImage.width, posterImage.height) {
                problems.append(
                    .posterSizeDiffers(
                        poster: still, width: posterImage.width, height: posterImage.height,
                        animation: file, animationWidth: animation.width, animationHeight: animation.height))
            }
        }
        // The same file may serve two scales (PPSticker's 2x serves 1x): report it once.
        var seen: Set<Problem> = []
        return problems.filter { seen.insert($0).inserted }
    }

    /// The limits every file of an animated sticker is held to; nil when it
    /// cannot be read as an image.
    private static func check(_ file: String, read: (String) -> [UInt8]?, problems: inout [Problem]) -> SniffedImage? {
        guard let bytes = read(file) else { return nil }
        guard let sniffed = SniffedImage(bytes) else {
            if bytes.count > maxBytes { problems.append(.tooManyBytes(file: file, bytes: bytes.count)) }
            problems.append(.unknownFormat(file: file))
            return nil
        }
        problems += limits(of: file, bytes: bytes, sniffed: sniffed, animated: true)
        return sniffed
    }

    /// The limits a file read as `sniffed` is held to: its sides (a
    /// sticker's declared size is its file's, within the same bound), and,
    /// for a file of an animated sticker, its bytes and frames. An import
    /// checks each file it takes with this, so that a file out of bounds is
    /// refused in the words of the archive it came in.
    package static func limits(of file: String, bytes: [UInt8], sniffed: SniffedImage, animated: Bool) -> [Problem] {
        var problems: [Problem] = []
        if animated && bytes.count > maxBytes { problems.append(.tooManyBytes(file: file, bytes: bytes.count)) }
        if animated && sniffed.frames > maxFrames {
            problems.append(.tooManyFrames(file: file, frames: sniffed.frames))
        }
        if !(1...maxSide).contains(sniffed.width) || !(1...maxSide).contains(sniffed.height) {
            problems.append(.sideOutOfRange(file: file, width: sniffed.width, height: sniffed.height))
        }
        return problems
    }
}

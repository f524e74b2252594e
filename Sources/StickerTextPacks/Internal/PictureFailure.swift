/// Why a picture could not be decoded whole, in a pack admin's words, with
/// what the library that read it said (`library`: libpng, giflib or libwebp).
struct PictureFailure: Error, Equatable, CustomStringConvertible {
    /// One case per way a picture fails, one sentence each.
    enum Reason: Equatable {
        /// The bytes stop before the picture does (a download or copy cut short).
        case cutShort
        /// Its pixel data does not decode: damaged in transfer, or written wrong.
        case damagedPixels
        /// Its chunks, blocks or container do not fit together.
        case damagedStructure
        /// A side over the limit, found in its headers before a pixel was decoded.
        case tooLarge(width: Int, height: Int, limit: Int)
        case tooManyFrames(limit: Int)
        /// Frames that add up to more pixels than one picture may decode to, found before they are decoded.
        case tooManyPixels(limit: Int)
        /// An animation's frame whose rectangle is not inside the picture.
        case frameOutsideCanvas(x: Int, y: Int, width: Int, height: Int)
    }

    var reason: Reason
    /// Counted from 1; nil for a still, or a fault before the frames.
    var frame: Int?
    var library: String?
    /// The library's own words, quoted as they are (its error message or code).
    var said: String?

    var description: String {
        var text =
            switch reason {
            case .cutShort: "the file ends before its picture does"
            case .damagedPixels: "its pixel data is damaged"
            case .damagedStructure: "its structure is damaged"
            case .tooLarge(let width, let height, let limit):
                "it is \(width)×\(height) pixels, over the limit of \(limit) a side (refused before decoding)"
            case .tooManyFrames(let limit): "it has more than \(limit) frames (refused before decoding them)"
            case .tooManyPixels(let limit):
                "its frames add up to more than \(limit) pixels, as many as four pictures of the largest size"
                    + " (refused before decoding them)"
            case .frameOutsideCanvas(let x, let y, let width, let height):
                "a \(width)×\(height) frame at (\(x), \(y)) lies outside the picture"
            }
        if let frame { text += " (frame \(frame))" }
        if let library, let said { text += "; \(library) said: \(said)" }
        return text
    }
}

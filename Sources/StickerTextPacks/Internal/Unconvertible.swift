/// The sticker formats of other systems a pack cannot hold and an import
/// names, asking for them to be converted: a vector animation or a video.
enum Unconvertible: CustomStringConvertible {
    /// Telegram's animated stickers: gzipped Lottie JSON (`is_animated`).
    case tgs
    /// Telegram's video stickers (`is_video`).
    case webm
    /// Discord's `LOTTIE` stickers (`format_type` 3): the animation's JSON.
    case lottie

    var description: String {
        switch self {
        case .tgs: "a Telegram TGS sticker (gzipped Lottie, a vector animation)"
        case .webm: "a WebM video sticker"
        case .lottie: "a Lottie animation (JSON, a vector animation, as Discord's LOTTIE stickers are)"
        }
    }
}

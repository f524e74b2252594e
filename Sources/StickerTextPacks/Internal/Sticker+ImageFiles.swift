import StickerText

extension Sticker {
    /// The files its image names: its three scales and its poster's, each once.
    var imageFiles: [String] {
        guard let image else { return [] }
        var names: [String] = []
        for name in [image.x1, image.x2, image.x3] + (image.poster.map { [$0.x1, $0.x2, $0.x3] } ?? [])
        where !names.contains(name) {
            names.append(name)
        }
        return names
    }
}

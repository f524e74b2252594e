extension StickerImage {
    /// Where a sticker's files are served: `<base>stickers/<pack id>/<file>`,
    /// with `base` ending in `/`. The one place this layout is written; the
    /// renderer's `<img>` and the packs document both take it from here.
    /// `src` is the 1x file; `srcset` names the 2x and 3x files. A poster's
    /// are laid out as its animation's.
    public func urls(pack: String, base: String) -> (src: String, srcset: String) {
        let folder = base + "stickers/" + pack + "/"
        return (folder + x1, "\(folder)\(x2) 2x, \(folder)\(x3) 3x")
    }
}

extension StickerImage {
    /// The still frame of an animated sticker, one file per scale like the
    /// animation, each the pixel size of the animation's file at that scale.
    public struct Poster: Hashable, Sendable {
        public var x1: String
        public var x2: String
        public var x3: String

        public init(x1: String, x2: String, x3: String) {
            self.x1 = x1
            self.x2 = x2
            self.x3 = x3
        }

        var files: [String] { [x1, x2, x3] }
    }
}

/// The picture files of one sticker, relative to its pack folder.
public struct StickerImage: Hashable, Sendable {
    public var x1: String
    public var x2: String
    public var x3: String
    /// Intrinsic size of the 1x file in pixels.
    public var width: Int
    public var height: Int
    /// Held in an array, as a struct cannot hold a value of itself: none or one.
    private var stills: [StickerImage]

    public init(x1: String, x2: String, x3: String, width: Int, height: Int, poster: StickerImage? = nil) {
        self.x1 = x1
        self.x2 = x2
        self.x3 = x3
        self.width = width
        self.height = height
        stills = poster.map { [$0] } ?? []
    }

    /// Set when the files are animations (APNG, GIF or WebP): their still
    /// frame, shown to readers who ask for reduced motion and in the picker's
    /// grid. A still image itself, one file per scale as the animation's and
    /// of its size, with no poster of its own (the catalog checks both).
    public var poster: StickerImage? {
        get { stills.first }
        set { stills = newValue.map { [$0] } ?? [] }
    }

    public var isAnimated: Bool { !stills.isEmpty }

    var files: [String] { [x1, x2, x3] }
    /// The files and the poster's.
    var allFiles: [String] { files + (poster?.files ?? []) }
}

/// How stickers and text are written as HTML.
public struct RenderOptions: Hashable, Sendable {
    /// Prefix of every image URL: `/` for the service's own pages, or an
    /// absolute `https://host/` for HTML embedded on other sites.
    public var baseURL: String
    /// Sticker height in CSS pixels: one line of text, as in the originals.
    public var size: Int
    /// The `class` of each sticker `<img>`.
    public var className: String
    /// Write `\n` as `<br>`.
    public var lineBreaks: Bool
    /// Wrap Unicode emoji in `<span class="emoji">` so a site can style them.
    public var wrapEmoji: Bool
    /// The language of each sticker's `aria-label`, its name for screen
    /// readers (`alt` stays the code, so that copying gives the text back).
    public var lang: Language

    public init(
        baseURL: String = "/", size: Int = 20, className: String = "sticker",
        lineBreaks: Bool = true, wrapEmoji: Bool = false, lang: Language = .zh
    ) {
        self.baseURL = baseURL
        self.size = size
        self.className = className
        self.lineBreaks = lineBreaks
        self.wrapEmoji = wrapEmoji
        self.lang = lang
    }

    /// Why these options cannot be used, or nil. Checked before rendering so
    /// that nothing a caller passes can become markup or a script URL.
    public var validationProblem: String? {
        if !(8...512).contains(size) { return "options.size must be between 8 and 512" }
        let classBytes = Array(className.utf8)
        if classBytes.isEmpty || classBytes.count > 64 || !classBytes.allSatisfy({ isClassByte($0) || $0 == 0x20 }) {
            return "options.className must be 1–64 of A-Z a-z 0-9 - _ and spaces"
        }
        // Read in bytes (printable ASCII, so lower case is one bit): a client's
        // string compared as a `String` is normalized, which a long run of
        // combining marks makes quadratic.
        let urlBytes = Array(baseURL.utf8)
        func startsWith(_ prefix: String) -> Bool {
            urlBytes.count >= prefix.utf8.count && zip(urlBytes, prefix.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
        let printable =
            urlBytes.count <= 512
            && urlBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !"\"'<>\\`{}|^".utf8.contains($0) })
        let schemeOK = startsWith("https://") || startsWith("http://") || (startsWith("/") && !startsWith("//"))
        if !printable || !schemeOK {
            return
                "options.baseURL must be a path starting with / or an http(s):// URL, printable ASCII without quotes or angle brackets"
        }
        return nil
    }

    /// The base URL with exactly one trailing slash.
    var normalizedBaseURL: String { baseURL.utf8.last == UInt8(ascii: "/") ? baseURL : baseURL + "/" }
}

private func isClassByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
        || byte == 0x5F
}

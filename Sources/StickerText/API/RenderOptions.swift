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
        if !Self.isUsableClassName(className) {
            return "options.className must be 1–64 of A-Z a-z 0-9 - _ and spaces"
        }
        if !Self.isUsableBaseURL(baseURL) {
            return
                "options.baseURL must be a path starting with / or an http(s):// URL, printable ASCII without quotes or angle brackets"
        }
        return nil
    }

    /// 1–64 of A-Z a-z 0-9 - _ and spaces. Read in bytes, in place: every
    /// request checks its options, and copying them into arrays and testing
    /// each byte against a string of forbidden ones cost a render ~2.5k
    /// instructions (callgrind); walking the `utf8` view a byte at a time
    /// cost ~15 a byte more than its contiguous buffer (`withUTF8`).
    private static func isUsableClassName(_ className: String) -> Bool {
        var className = className
        return className.withUTF8 { bytes in
            bytes.count > 0 && bytes.count <= 64 && bytes.allSatisfy { isClassByte($0) || $0 == 0x20 }
        }
    }

    /// At most 512 bytes of printable ASCII without `"'<>\`{}|^`, starting
    /// `https://`, `http://` (either case) or `/` but not `//`. Read in bytes
    /// (printable ASCII, so lower case is one bit): a client's string
    /// compared as a `String` is normalized, which a long run of combining
    /// marks makes quadratic.
    private static func isUsableBaseURL(_ baseURL: String) -> Bool {
        var baseURL = baseURL
        return baseURL.withUTF8 { bytes in
            guard bytes.count <= 512 else { return false }
            for byte in bytes {
                guard byte > 0x20, byte < 0x7F else { return false }
                switch byte {
                case 0x22, 0x27, 0x3C, 0x3E, 0x5C, 0x60, 0x7B, 0x7C, 0x7D, 0x5E: return false
                default: continue
                }
            }
            func startsWith(_ prefix: StaticString) -> Bool {
                let start = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                return bytes.count >= start.count && zip(bytes, start).allSatisfy { $0 | 0x20 == $1 | 0x20 }
            }
            return startsWith("https://") || startsWith("http://") || (startsWith("/") && !startsWith("//"))
        }
    }

    /// The base URL with exactly one trailing slash.
    var normalizedBaseURL: String { baseURL.utf8.last == UInt8(ascii: "/") ? baseURL : baseURL + "/" }
}

private func isClassByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
        || byte == 0x5F
}

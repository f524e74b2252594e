import Foundation

/// Why text could not be rendered.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not valid UTF-8; `offset` is the first bad byte.
    case invalidUTF8(offset: Int)
    /// U+0000 cannot be carried by HTML at all, so it is refused rather than altered.
    case nulCharacter(offset: Int)
    case invalidOptions(String)

    public var description: String {
        switch self {
        case .invalidUTF8(let offset): "text is not valid UTF-8 (first bad byte at offset \(offset))"
        case .nulCharacter(let offset): "text contains U+0000 (NUL) at byte \(offset), which HTML cannot carry"
        case .invalidOptions(let problem): problem
        }
    }
}

/// Renders plain `[tag]` text as safe HTML with inline sticker images.
///
/// One pass over the UTF-8 bytes: the scanner jumps between `]`s, and the
/// text between stickers is escaped once on its way to the output buffer.
/// The only markup in the output is what this type writes: `<img>` for
/// stickers, `<br>` for line breaks, `<span>` around emoji when asked.
public struct HTMLRenderer: Sendable {
    public let catalog: StickerCatalog
    public let options: RenderOptions
    private let base: [UInt8]
    private let emojiOpen: [UInt8]

    public init(catalog: StickerCatalog = .default, options: RenderOptions = RenderOptions()) throws(RenderError) {
        if let problem = options.validationProblem { throw .invalidOptions(problem) }
        self.catalog = catalog
        self.options = options
        base = HTMLEscaping.escaped(options.normalizedBaseURL)
        emojiOpen = Array("<span class=\"emoji\">".utf8)
    }

    /// Renders UTF-8 bytes; invalid UTF-8 is an error, never garbage.
    public func render(utf8 bytes: some Collection<UInt8>) throws(RenderError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidUTF8(offset: UTF8Validation.firstInvalidOffset(bytes))
        }
        return try render(text)
    }

    public func render(_ text: String) throws(RenderError) -> String {
        var out: [UInt8] = []
        try render(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the HTML for `text` to `out` (the server writes it straight to the response).
    public func render(_ text: String, into out: inout [UInt8]) throws(RenderError) {
        var text = text
        let failure: RenderError? = text.withUTF8 { u in
            let p = UnsafeRawBufferPointer(u)
            if let base = p.baseAddress, let nul = memchr(base, 0, p.count) {
                return .nulCharacter(offset: base.distance(to: UnsafeRawPointer(nul)))
            }
            out.reserveCapacity(out.count + p.count + p.count / 4 + 64)
            var markup = [[UInt8]?](repeating: nil, count: 0)
            var textStart = 0
            var from = 0
            while let close = StickerScanner.nextClose(from: from, in: p) {
                if let (start, entry) = StickerScanner.code(closingAt: close, in: p, floor: textStart, catalog: catalog) {
                    appendText(p, textStart ..< start, to: &out)
                    if markup.isEmpty { markup = [[UInt8]?](repeating: nil, count: catalog.entries.count) }
                    if markup[entry] == nil { markup[entry] = stickerMarkup(entry) }
                    out.append(contentsOf: markup[entry]!)
                    textStart = close + 1
                }
                from = close + 1
            }
            appendText(p, textStart ..< p.count, to: &out)
            return nil
        }
        if let failure { throw failure }
    }

    @inline(__always)
    private func appendText(_ p: UnsafeRawBufferPointer, _ range: Range<Int>, to out: inout [UInt8]) {
        if range.isEmpty { return }
        guard options.wrapEmoji, p[range].contains(where: { $0 >= 0xC2 }) else {
            HTMLEscaping.appendEscaped(p, range, lineBreaks: options.lineBreaks, to: &out)
            return
        }
        // Emoji need whole grapheme clusters; only non-ASCII runs pay for them.
        let u = p.bindMemory(to: UInt8.self)
        var pending = range.lowerBound
        GraphemeSegmentation.forEachCluster(in: range, of: u) { cluster, simple in
            if simple || !EmojiClassifier.isEmoji(String(decoding: UnsafeBufferPointer(rebasing: u[cluster]), as: UTF8.self).unicodeScalars) {
                return true
            }
            HTMLEscaping.appendEscaped(p, pending ..< cluster.lowerBound, lineBreaks: options.lineBreaks, to: &out)
            out.append(contentsOf: emojiOpen)
            HTMLEscaping.appendEscaped(p, cluster, lineBreaks: options.lineBreaks, to: &out)
            out.append(contentsOf: "</span>".utf8)
            pending = cluster.upperBound
            return true
        }
        HTMLEscaping.appendEscaped(p, pending ..< range.upperBound, lineBreaks: options.lineBreaks, to: &out)
    }

    /// `<img class="sticker" src=… srcset=… width height alt title draggable>`,
    /// where `alt` is the code as typed so that copying the HTML gives the text back.
    private func stickerMarkup(_ index: Int) -> [UInt8] {
        let entry = catalog.entries[index]
        let sticker = catalog.sticker(for: entry)
        let pack = catalog.pack(for: entry)
        var out: [UInt8] = []
        func url(_ file: String) {
            out += base
            out += HTMLEscaping.escaped("stickers/\(pack.id)/\(file)")
        }
        let image = sticker.image!  // validated: every coded sticker has an image
        let height = options.size
        let width = max(1, (image.width * height + image.height / 2) / image.height)
        // An ASCII code such as [smile] gets the English name as its tooltip.
        let name = entry.code.utf8.allSatisfy { $0 < 0x80 } ? sticker.name.en : sticker.name.zh
        out += "<img class=\"".utf8
        out += HTMLEscaping.escaped(options.className)
        out += "\" src=\"".utf8
        url(image.x1)
        out += "\" srcset=\"".utf8
        url(image.x2)
        out += " 2x, ".utf8
        url(image.x3)
        out += " 3x\" width=\"\(width)\" height=\"\(height)\" alt=\"".utf8
        out += HTMLEscaping.escaped(entry.code)
        out += "\" title=\"".utf8
        out += HTMLEscaping.escaped(name)
        out += "\" draggable=\"false\">".utf8
        return out
    }
}

enum UTF8Validation {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence.
    static func firstInvalidOffset(_ bytes: some Collection<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}

import Foundation

/// Renders plain `[tag]` text as safe HTML with inline sticker images.
///
/// One pass over the UTF-8 bytes: the scanner jumps between `]`s, and the
/// text between stickers is escaped once on its way to the output buffer.
/// The only markup in the output is what this type writes: `<img>` for
/// stickers (an animated one inside `<picture>` with its still poster as the
/// `<source>` for reduced motion), `<br>` for line breaks, `<span>` around
/// emoji when asked.
public struct HTMLRenderer: Sendable {
    public let catalog: StickerCatalog
    public let options: RenderOptions
    /// The markup of every code (its `<img>`, or `<picture>` when animated), built once
    /// per renderer: `markup[markupStart[i] ..< markupStart[i + 1]]`.
    private let markup: [UInt8]
    private let markupStart: [Int]
    /// The same markup escaped for a JSON string (`"` as `\"`), for the API's
    /// responses, which carry the HTML as a JSON string.
    private let jsonMarkup: [UInt8]
    private let jsonMarkupStart: [Int]

    public init(catalog: StickerCatalog = .default, options: RenderOptions = RenderOptions()) throws(InputError) {
        if let problem = options.validationProblem { throw .invalidOptions(problem) }
        self.catalog = catalog
        self.options = options
        var markup: [UInt8] = []
        var starts: [Int] = []
        markup.reserveCapacity(catalog.entries.count * 300)
        for index in catalog.entries.indices {
            starts.append(markup.count)
            HTMLRenderer.appendStickerMarkup(index, catalog: catalog, options: options, to: &markup)
        }
        starts.append(markup.count)
        self.markup = markup
        markupStart = starts
        var json = ByteBuffer(capacity: markup.count + markup.count / 4)
        var jsonStarts: [Int] = []
        jsonStarts.reserveCapacity(starts.count)
        markup.withUnsafeBytes { markupBytes in
            for entry in catalog.entries.indices {
                jsonStarts.append(json.count)
                JSONStringEscaping.appendEscaped(
                    UnsafeRawBufferPointer(rebasing: markupBytes[starts[entry]..<starts[entry + 1]]), to: &json)
            }
        }
        jsonStarts.append(json.count)
        jsonMarkup = Array(json.bytes)
        jsonMarkupStart = jsonStarts
    }

    /// Renders UTF-8 bytes; invalid UTF-8 is an error, never garbage.
    public func render(utf8 bytes: some Collection<UInt8>) throws(InputError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidUTF8(offset: UTF8Validation.firstInvalidOffset(bytes))
        }
        return try render(text)
    }

    public func render(_ text: String) throws(InputError) -> String {
        try withRendered(text) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the HTML for `text` to `out`.
    public func render(_ text: String, into out: inout [UInt8]) throws(InputError) {
        try withRendered(text) { out.append(contentsOf: $0) }
    }

    /// Renders `text` and hands the HTML bytes to `body` without copying
    /// them. The bytes are valid only inside `body`.
    public func withRendered<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) throws(InputError) -> R {
        try withRenderable(text) { utf8 in
            // Room for typical sticker text (markup is ~2.5× the code it replaces) without regrowing.
            var buffer = ByteBuffer(capacity: utf8.count * 3 + 256)
            render(utf8, into: &buffer)
            return body(buffer.bytes)
        }
    }

    /// Hands `body` the UTF-8 bytes of `text` once they are known to render:
    /// a NUL, which HTML cannot carry, is an error instead. For `withRendered`
    /// and for a caller that renders the bytes itself (`renderJSONEscaped`).
    /// Inlined, into the transport too (so public to it, `@_spi(JSON)`):
    /// as a call, `body` stayed a closure context (~1.5k instructions a
    /// render through the API).
    @_spi(JSON) @inlinable @inline(__always)
    public func withRenderable<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) throws(InputError) -> R {
        var text = text
        return try text.withUTF8 { (utf8Bytes) -> Result<R, InputError> in
            let utf8 = UnsafeRawBufferPointer(utf8Bytes)
            if let base = utf8.baseAddress, let nul = memchr(base, 0, utf8.count) {
                return .failure(.nulCharacter(offset: base.distance(to: UnsafeRawPointer(nul))))
            }
            return .success(body(utf8))
        }.get()
    }

    /// Appends the HTML of `utf8` to `out`, which may be a buffer that holds
    /// a bounded part of it (`ByteBuffer.Overflow`; keeping `truncationReach`
    /// bytes). `utf8` comes from `withRenderable`.
    @_spi(JSON) public func render(_ utf8: UnsafeRawBufferPointer, into out: inout ByteBuffer) {
        if options.wrapEmoji {
            renderScanned(utf8, jsonString: false, into: &out)
        } else {
            markup.withUnsafeBytes { renderFused(utf8, markup: $0, jsonString: false, into: &out) }
        }
    }

    /// Appends the HTML of `utf8` escaped as the content of a JSON string
    /// (without its quotes): what `JSONStringEscaping.appendEscaped` makes of the
    /// HTML, written in the render's one pass, escaped for both at once with
    /// the markup escaped in advance: no copy of the HTML is made, whatever
    /// its size. `utf8` comes from `withRenderable`.
    package func renderJSONEscaped(_ utf8: UnsafeRawBufferPointer, into out: inout ByteBuffer) {
        if options.wrapEmoji {
            renderScanned(utf8, jsonString: true, into: &out)
        } else {
            jsonMarkup.withUnsafeBytes { renderFused(utf8, markup: $0, jsonString: true, into: &out) }
        }
    }

    /// The bytes the markup of `stickers` (a count's, of the text rendered)
    /// takes in a JSON string (`renderJSONEscaped`): the least their HTML
    /// is, known before any of it is written.
    @_spi(JSON) public func jsonMarkupCount(of stickers: [TextCounts.Found]) -> Int {
        var total = 0
        for i in stickers.indices {
            let entry = stickers[i].entry
            total &+= jsonMarkupStart[entry &+ 1] &- jsonMarkupStart[entry]
        }
        return total
    }

    /// How many of the last bytes written a render may still drop: a code's
    /// text, escaped (at most 6 bytes a byte, `&quot;` or `\u00XX`), is
    /// dropped for its sticker's markup when its `]` comes. A buffer that
    /// lets bytes go as it fills keeps at least this many.
    @_spi(JSON) public var truncationReach: Int { 6 * (catalog.maxContentLength + 2) }

    /// The same text rendered through `StickerScanner`, the code rule's one
    /// home, instead of the fused loop: tests check the two always agree.
    func renderScanned(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8Bytes in
            var buffer = ByteBuffer(capacity: utf8Bytes.count * 3 + 256)
            renderScanned(UnsafeRawBufferPointer(utf8Bytes), jsonString: false, into: &buffer)
            return String(decoding: buffer.bytes, as: UTF8.self)
        }
    }

    /// The render loop: one pass that escapes text as it goes and, at each
    /// `]`, looks up the code opened by the last `[` on the line (the code
    /// rule of `StickerScanner`, applied inline: the innermost `[`, no line
    /// break between, no longer than the longest code); on a match
    /// the escaped code text already written is dropped for the sticker's
    /// `<img>`. Bytes that need no attention (all CJK, most letters) are
    /// skipped eight at a time: a word is looked at byte by byte only when it
    /// holds a byte below 0x40, `[` or `]` (SWAR; the lowest flag is exact).
    /// With `jsonString`, what is written is also escaped for a JSON string:
    /// `markup` is then `jsonMarkup`, and `\` and the control characters
    /// that HTML leaves as they are take `JSONStringEscaping.writeEscaped`'s form
    /// (HTML's replacements need no JSON escape; a test checks that).
    @inline(__always)
    private func renderFused(
        _ utf8: UnsafeRawBufferPointer, markup: UnsafeRawBufferPointer, jsonString: Bool,
        into out: inout ByteBuffer
    ) {
        let end = utf8.count
        guard let base = utf8.baseAddress else { return }
        let lineBreaks = options.lineBreaks
        let maxContent = catalog.maxContentLength
        let starts = jsonString ? jsonMarkupStart : markupStart
        var copyFrom = 0
        var i = 0
        var openIn = -1  // the last `[` that a `]` could close, or -1
        var openOut = 0  // the output length just before that `[`
        while i < end {
            if i &+ 8 <= end {
                let word = UInt64(littleEndian: utf8.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let low = (word &- 0x4040_4040_4040_4040) & ~word & 0x8080_8080_8080_8080
                // Brackets, and for JSON the bytes it escapes (`\` is above 0x40: `low` misses it).
                var marked =
                    HTMLEscaping.zeroBytes(word ^ 0x5B5B_5B5B_5B5B_5B5B)
                    | HTMLEscaping.zeroBytes(word ^ 0x5D5D_5D5D_5D5D_5D5D)
                if jsonString { marked |= JSONStringEscaping.specialBytes(word) }
                if low | marked == 0 {
                    i &+= 8
                    continue
                }
                let special = marked | HTMLEscaping.specialBytes(word)
                if special == 0 {
                    i &+= 8
                    continue
                }
                i &+= special.trailingZeroBitCount >> 3
            }
            switch utf8[i] {
            case 0x5B:  // `[`: write out what is pending so the output length marks the code's start
                if copyFrom < i { out.append(base + copyFrom, count: i &- copyFrom) }
                copyFrom = i
                openIn = i
                openOut = out.count
                i &+= 1
                continue
            case 0x5D:  // `]`: a sticker if the innermost open code is known
                if openIn >= 0, i &- openIn &- 1 <= maxContent,
                    let entry = catalog.entryIndex(content: UnsafeRawBufferPointer(rebasing: utf8[(openIn &+ 1)..<i]))
                {
                    out.truncate(to: openOut)
                    let range = starts[entry]..<starts[entry &+ 1]
                    out.append(markup.baseAddress! + range.lowerBound, count: range.count)
                    copyFrom = i &+ 1
                }
                openIn = -1
                i &+= 1
                continue
            case 0x0A, 0x0D:
                openIn = -1  // a code never spans a line break
            default:
                break
            }
            guard let replacement = HTMLEscaping.replacement(for: utf8[i], lineBreaks: lineBreaks) else {
                if jsonString, JSONStringEscaping.needsEscape(utf8[i]) {
                    if copyFrom < i { out.append(base + copyFrom, count: i &- copyFrom) }
                    out.didWrite(JSONStringEscaping.writeEscaped(utf8[i], to: out.spareCapacity(6)))
                    copyFrom = i &+ 1
                }
                i &+= 1
                continue
            }
            if copyFrom < i { out.append(base + copyFrom, count: i &- copyFrom) }
            out.append(replacement)
            i &+= 1
            copyFrom = i
        }
        if copyFrom < end { out.append(base + copyFrom, count: end &- copyFrom) }
    }

    /// Jump from `]` to `]` with `StickerScanner`; with `wrapEmoji`, segment
    /// the text between stickers into clusters to find the emoji. With
    /// `jsonString`, escaped for a JSON string too, as `renderFused` does.
    private func renderScanned(_ utf8: UnsafeRawBufferPointer, jsonString: Bool, into out: inout ByteBuffer) {
        var textStart = 0
        var from = 0
        let starts = jsonString ? jsonMarkupStart : markupStart
        (jsonString ? jsonMarkup : markup).withUnsafeBytes { markup in
            while let close = StickerScanner.nextClose(from: from, in: utf8) {
                if let (start, entry) = StickerScanner.code(
                    closingAt: close, in: utf8, floor: textStart, catalog: catalog)
                {
                    appendText(utf8, textStart..<start, jsonString: jsonString, to: &out)
                    let range = starts[entry]..<starts[entry + 1]
                    out.append(markup.baseAddress! + range.lowerBound, count: range.count)
                    textStart = close + 1
                }
                from = close + 1
            }
        }
        appendText(utf8, textStart..<utf8.count, jsonString: jsonString, to: &out)
    }

    @inline(__always)
    private func appendText(
        _ utf8: UnsafeRawBufferPointer, _ range: Range<Int>, jsonString: Bool, to out: inout ByteBuffer
    ) {
        if range.isEmpty { return }
        let lineBreaks = options.lineBreaks
        guard options.wrapEmoji, utf8[range].contains(where: { $0 >= 0xC2 }) else {
            HTMLEscaping.appendEscaped(utf8, range, lineBreaks: lineBreaks, jsonString: jsonString, to: &out)
            return
        }
        // Emoji need whole grapheme clusters; only non-ASCII runs pay for them.
        let utf8Bytes = utf8.bindMemory(to: UInt8.self)
        var pending = range.lowerBound
        GraphemeSegmentation.forEachCluster(in: range, of: utf8Bytes) { cluster, simple in
            if simple || !EmojiClassifier.isEmoji(cluster, in: utf8Bytes) { return true }
            HTMLEscaping.appendEscaped(
                utf8, pending..<cluster.lowerBound, lineBreaks: lineBreaks, jsonString: jsonString, to: &out)
            let span: StaticString = jsonString ? #"<span class=\"emoji\">"# : "<span class=\"emoji\">"
            out.append(span)
            HTMLEscaping.appendEscaped(utf8, cluster, lineBreaks: lineBreaks, jsonString: jsonString, to: &out)
            out.append("</span>")
            pending = cluster.upperBound
            return true
        }
        HTMLEscaping.appendEscaped(
            utf8, pending..<range.upperBound, lineBreaks: lineBreaks, jsonString: jsonString, to: &out)
    }

    /// `<img class="sticker" src=… srcset=… width height alt title aria-label draggable>`,
    /// where `alt` is the code as typed so that copying the HTML gives the text
    /// back, and `aria-label` the sticker's name in `options.lang` for screen
    /// readers. Built once per catalog entry when the renderer is made, so
    /// rendering only copies it.
    ///
    /// An animated sticker's `<img>` goes inside `<picture>` whose one
    /// `<source>` is the poster under `prefers-reduced-motion: reduce`: the
    /// choice is in the markup because the sites that embed it do not have our CSS.
    private static func appendStickerMarkup(
        _ index: Int, catalog: StickerCatalog, options: RenderOptions,
        to out: inout [UInt8]
    ) {
        let entry = catalog.entries[index]
        let sticker = catalog.sticker(for: entry)
        let image = sticker.image!  // validated: every coded sticker has an image
        let pack = catalog.pack(for: entry).id
        let urls = image.urls(pack: pack, base: options.normalizedBaseURL)
        if let poster = image.poster {
            let still = poster.urls(pack: pack, base: options.normalizedBaseURL)
            out += "<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"".utf8
            out += HTMLEscaping.escaped(still.src + " 1x, " + still.srcset)
            out += "\">".utf8
        }
        let height = options.size
        let width = max(1, (image.width * height + image.height / 2) / image.height)
        // An ASCII code such as [smile] gets the English name as its tooltip.
        let name = entry.code.utf8.allSatisfy { $0 < 0x80 } ? sticker.name.en : sticker.name.zh
        out += "<img class=\"".utf8
        out += HTMLEscaping.escaped(options.className)
        out += "\" src=\"".utf8
        out += HTMLEscaping.escaped(urls.src)
        out += "\" srcset=\"".utf8
        out += HTMLEscaping.escaped(urls.srcset)
        out += "\" width=\"\(width)\" height=\"\(height)\" alt=\"".utf8
        out += HTMLEscaping.escaped(entry.code)
        out += "\" title=\"".utf8
        out += HTMLEscaping.escaped(name)
        out += "\" aria-label=\"".utf8
        out += HTMLEscaping.escaped(options.lang.localized(sticker.name))
        out += "\" draggable=\"false\">".utf8
        if image.poster != nil { out += "</picture>".utf8 }
    }
}

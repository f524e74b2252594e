import Foundation

/// Renders plain `[tag]` text as safe HTML with inline sticker images.
///
/// One pass over the UTF-8 bytes: the scanner jumps between `]`s, and the
/// text between stickers is escaped once on its way to the output, a
/// `String`, bytes, or the transport's `HTMLSink`.
/// The only markup in the output is what this type writes: `<img>` for
/// stickers (an animated one inside `<picture>` with its still poster as the
/// `<source>` for reduced motion), `<br>` for line breaks, `<span>` around
/// emoji when asked.
public struct HTMLRenderer: Sendable {
    public let catalog: StickerCatalog
    public let options: RenderOptions
    /// The markup of every code (its `<img>`, or `<picture>` when animated), built once
    /// per renderer: `markup[markupStart[i] ..< markupStart[i + 1]]`.
    @usableFromInline let markup: [UInt8]
    @usableFromInline let markupStart: [Int]

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
            var buffer = HTMLBuffer(capacity: utf8.count * 3 + 256)
            render(utf8, into: &buffer)
            return body(buffer.bytes)
        }
    }

    /// Appends the HTML of `text` to `sink`, in the one pass every render
    /// makes; a text that cannot render (a NUL) is an error, and nothing is
    /// written. A sink that bounds what it holds keeps at least the last
    /// `truncationReach` bytes written.
    @inlinable
    package func render<Sink: HTMLSink & ~Copyable>(_ text: String, into sink: inout Sink) throws(InputError) {
        try withRenderable(text) { render($0, into: &sink) }
    }

    /// Whether `text` renders: the error `render` would throw, found without
    /// rendering, for a caller that checks before it writes anything else.
    public func checkRenderable(_ text: String) throws(InputError) {
        try withRenderable(text) { _ in }
    }

    /// Hands `body` the UTF-8 bytes of `text` once they are known to render:
    /// a NUL, which HTML cannot carry, is an error instead. Inlined into the
    /// caller's render: as a call, `body` stayed a closure context (~1.5k
    /// instructions a render through the API).
    @inlinable @inline(__always)
    func withRenderable<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) throws(InputError) -> R {
        var text = text
        return try text.withUTF8 { (utf8Bytes) -> Result<R, InputError> in
            let utf8 = UnsafeRawBufferPointer(utf8Bytes)
            if let base = utf8.baseAddress, let nul = memchr(base, 0, utf8.count) {
                return .failure(.nulCharacter(offset: base.distance(to: UnsafeRawPointer(nul))))
            }
            return .success(body(utf8))
        }.get()
    }

    /// Appends the HTML of `utf8` (from `withRenderable`) to `sink`.
    @inlinable
    func render<Sink: HTMLSink & ~Copyable>(_ utf8: UnsafeRawBufferPointer, into sink: inout Sink) {
        if options.wrapEmoji {
            renderScanned(utf8, into: &sink)
        } else {
            markup.withUnsafeBytes { renderFused(utf8, markup: $0, into: &sink) }
        }
    }

    /// The bytes the markup of `stickers` (a count's, of the text rendered)
    /// takes in the HTML: the least the HTML of the text is, known before
    /// any of it is written. For the transport, which refuses an answer too
    /// large before writing it (`package`: `stickers` must come from a count
    /// over this renderer's catalog).
    package func markupCount(of stickers: [TextCounts.Found]) -> Int {
        var total = 0
        for i in stickers.indices {
            let entry = stickers[i].entry
            if entry < 0 { continue }  // an emoji
            total &+= markupStart[entry &+ 1] &- markupStart[entry]
        }
        return total
    }

    /// How many of the last bytes written a render may still drop: a code's
    /// text, escaped (at most 6 bytes a byte, `&quot;`), is dropped for its
    /// sticker's markup when its `]` comes (`HTMLSink.truncate(to:)`). A
    /// sink that lets bytes go as it fills keeps at least this many.
    package var truncationReach: Int { 6 * (catalog.maxContentLength + 2) }

    /// The same text rendered through `StickerScanner`, the code rule's one
    /// home, instead of the fused loop: tests check the two always agree.
    func renderScanned(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8Bytes in
            var buffer = HTMLBuffer(capacity: utf8Bytes.count * 3 + 256)
            renderScanned(UnsafeRawBufferPointer(utf8Bytes), into: &buffer)
            return String(decoding: buffer.bytes, as: UTF8.self)
        }
    }

    /// The render loop: one pass that escapes text as it goes and, at each
    /// `]`, looks up the code opened by the last `[` on the line (the code
    /// rule of `StickerScanner`, applied inline: the innermost `[`, no line
    /// break between, no longer than the longest code); on a match
    /// the escaped code text already written is dropped for the sticker's
    /// `<img>`. Bytes that need no attention (all CJK, most letters) are
    /// skipped sixteen at a time (a vector): each block's bytes that do
    /// (`[`, `]`, one HTML replaces or the sink writes in its own form) are
    /// flagged at once, gathered into a bit a byte, and the loop acts on each
    /// flag of the block in turn, lowest first, before it loads the next (it
    /// loaded the block again from the byte after each one before: a load
    /// and the flags' work per byte acted on, and a branch on which half of
    /// the block held the next). The last fifteen bytes are looked at one by
    /// one. A block with nothing to act on costs one branch: a filter on
    /// bytes below 0x40 first (one compare, then the exact ones where it
    /// hits) read more instructions only on paper, and its extra branch,
    /// taken or not as the text goes, cost more than the compares it saved
    /// (docs/benchmarks.md).
    @inlinable @inline(__always)
    func renderFused<Sink: HTMLSink & ~Copyable>(
        _ utf8: UnsafeRawBufferPointer, markup: UnsafeRawBufferPointer, into out: inout Sink
    ) {
        let end = utf8.count
        guard let base = utf8.baseAddress else { return }
        var state = FusedRender(replacements: HTMLEscaping.packedReplacements(lineBreaks: options.lineBreaks))
        var i = 0
        while i &+ 16 <= end {
            // Sixteen bytes a step (SSE2: a load, compares, a mask), the
            // HTML's bytes found by lane; the sink's own by its words.
            let block = utf8.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let words = unsafeBitCast(block, to: SIMD2<UInt64>.self)
            let own0 = Sink.escapes(in: UInt64(littleEndian: words[0]))
            let own1 = Sink.escapes(in: UInt64(littleEndian: words[1]))
            let brackets =
                HTMLEscaping.lanes(of: block, equalTo: 0x5B) .| HTMLEscaping.lanes(of: block, equalTo: 0x5D)
            let flagged = unsafeBitCast(brackets .| HTMLEscaping.specialLanes(block), to: SIMD2<UInt64>.self)
            let first = UInt64(littleEndian: flagged[0]) & 0x8080_8080_8080_8080 | own0
            let second = UInt64(littleEndian: flagged[1]) & 0x8080_8080_8080_8080 | own1
            // A bit a byte (the lanes' high bits gathered by a multiply), then each flag in turn,
            // lowest first (acting on a byte never moves past the next). A flag the sink's word test
            // set above its lowest may be spurious: the byte is then left as text.
            var flags = HTMLEscaping.bitPerByte(first) | HTMLEscaping.bitPerByte(second) &<< 8
            while flags != 0 {
                let at = i &+ flags.trailingZeroBitCount
                act(on: at, of: utf8, base: base, markup: markup, state: &state, into: &out)
                flags &= flags &- 1
            }
            i &+= 16
        }
        while i < end {
            act(on: i, of: utf8, base: base, markup: markup, state: &state, into: &out)
            i &+= 1
        }
        if state.copyFrom < end {
            out.append(text: UnsafeRawBufferPointer(start: base + state.copyFrom, count: end &- state.copyFrom))
        }
    }

    /// What the render loop carries from byte to byte.
    @usableFromInline
    struct FusedRender {
        /// HTML's replacement of each byte, packed (`HTMLEscaping.packedReplacements`), 0 for none.
        @usableFromInline let replacements: [UInt64]
        /// The first byte of text not yet written.
        @usableFromInline var copyFrom = 0
        /// The last `[` that a `]` could close, or -1.
        @usableFromInline var openIn = -1
        /// The output length just before that `[`.
        @usableFromInline var openOut = 0

        @inlinable init(replacements: [UInt64]) { self.replacements = replacements }
    }

    /// The render loop's work at the byte `i`: a bracket of a code, a byte
    /// HTML or the sink writes in its own form, or text (left to be copied
    /// with its run).
    @inlinable @inline(__always)
    func act<Sink: HTMLSink & ~Copyable>(
        on i: Int, of utf8: UnsafeRawBufferPointer, base: UnsafeRawPointer, markup: UnsafeRawBufferPointer,
        state: inout FusedRender, into out: inout Sink
    ) {
        let byte = utf8[i]
        switch byte {
        case 0x5B:  // `[`: write out what is pending so the output length marks the code's start
            if state.copyFrom < i {
                out.append(text: UnsafeRawBufferPointer(start: base + state.copyFrom, count: i &- state.copyFrom))
            }
            state.copyFrom = i
            state.openIn = i
            state.openOut = out.count
            return
        case 0x5D:  // `]`: a sticker if the innermost open code is known
            let openIn = state.openIn
            state.openIn = -1
            if openIn >= 0, i &- openIn &- 1 <= catalog.maxContentLength,
                let entry = catalog.entryIndex(content: UnsafeRawBufferPointer(rebasing: utf8[(openIn &+ 1)..<i]))
            {
                out.truncate(to: state.openOut)
                let from = markupStart[entry]
                out.appendSticker(
                    UnsafeRawBufferPointer(start: markup.baseAddress! + from, count: markupStart[entry &+ 1] &- from),
                    entry: entry)
                state.copyFrom = i &+ 1
            }
            return
        case 0x0A, 0x0D:
            state.openIn = -1  // a code never spans a line break
        default:
            break
        }
        let replacement = state.replacements[Int(byte)]
        if replacement != 0 {
            if state.copyFrom < i {
                out.append(text: UnsafeRawBufferPointer(start: base + state.copyFrom, count: i &- state.copyFrom))
            }
            out.append(packed: replacement)
        } else if Sink.escapes(byte) {
            if state.copyFrom < i {
                out.append(text: UnsafeRawBufferPointer(start: base + state.copyFrom, count: i &- state.copyFrom))
            }
            out.append(escaping: byte)
        } else {
            return
        }
        state.copyFrom = i &+ 1
    }

    /// Jump from `]` to `]` with `StickerScanner`; with `wrapEmoji`, segment
    /// the text between stickers into clusters to find the emoji.
    @usableFromInline
    func renderScanned<Sink: HTMLSink & ~Copyable>(_ utf8: UnsafeRawBufferPointer, into out: inout Sink) {
        var textStart = 0
        var from = 0
        markup.withUnsafeBytes { markup in
            while let close = StickerScanner.nextClose(from: from, in: utf8) {
                if let (start, entry) = StickerScanner.code(
                    closingAt: close, in: utf8, floor: textStart, catalog: catalog)
                {
                    appendText(utf8, textStart..<start, to: &out)
                    let from = markupStart[entry]
                    out.appendSticker(
                        UnsafeRawBufferPointer(start: markup.baseAddress! + from, count: markupStart[entry + 1] - from),
                        entry: entry)
                    textStart = close + 1
                }
                from = close + 1
            }
        }
        appendText(utf8, textStart..<utf8.count, to: &out)
    }

    @inline(__always)
    private func appendText<Sink: HTMLSink & ~Copyable>(
        _ utf8: UnsafeRawBufferPointer, _ range: Range<Int>, to out: inout Sink
    ) {
        if range.isEmpty { return }
        let lineBreaks = options.lineBreaks
        guard options.wrapEmoji, utf8[range].contains(where: { $0 >= 0xC2 }) else {
            HTMLEscaping.appendEscaped(utf8, range, lineBreaks: lineBreaks, to: &out)
            return
        }
        // Emoji need whole grapheme clusters; only non-ASCII runs pay for them.
        let utf8Bytes = utf8.bindMemory(to: UInt8.self)
        var pending = range.lowerBound
        GraphemeSegmentation.forEachCluster(in: range, of: utf8Bytes) { cluster, simple in
            if simple || !EmojiClassifier.isEmoji(cluster, in: utf8Bytes) { return true }
            HTMLEscaping.appendEscaped(utf8, pending..<cluster.lowerBound, lineBreaks: lineBreaks, to: &out)
            out.append("<span class=\"emoji\">")
            HTMLEscaping.appendEscaped(utf8, cluster, lineBreaks: lineBreaks, to: &out)
            out.append("</span>")
            pending = cluster.upperBound
            return true
        }
        HTMLEscaping.appendEscaped(utf8, pending..<range.upperBound, lineBreaks: lineBreaks, to: &out)
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

import StickerText

/// A renderer whose HTML is written as the content of a JSON string (the
/// `html` of an answer), in the render's one pass: the renderer hands each
/// piece of HTML to `Sink`, which escapes it for JSON as it copies it.
/// A sticker's markup, a few hundred bytes with a `"` every dozen, is
/// escaped once, here, when the renderer is prepared, and copied at each
/// sticker, not escaped again each time. A class: an answer passes it on
/// several times, and a copy of a struct retained each of its arrays and strings.
final class JSONStringHTML: Sendable {
    let renderer: HTMLRenderer
    /// Each catalog entry's markup escaped: `markup[markupStart[i] ..< markupStart[i + 1]]`.
    private let markup: [UInt8]
    private let markupStart: [Int]

    init(_ renderer: HTMLRenderer) {
        self.renderer = renderer
        // Each entry's markup, as the renderer gives it for the entry's own code.
        let entries = renderer.catalog.entries
        var found = FoundMarkup(slots: entries.count)
        for entry in entries {
            // Every code renders (no NUL): the error cannot come.
            try? renderer.render(entry.code, into: &found)
        }
        var escaped = ByteBuffer(capacity: found.bytes.count + found.bytes.count / 4)
        var starts: [Int] = []
        starts.reserveCapacity(entries.count + 1)
        for entry in entries.indices {
            starts.append(escaped.count)
            found.bytes.withUnsafeBytes { bytes in
                let range = found.ranges[entry]
                JSONStringEscaping.appendEscaped(UnsafeRawBufferPointer(rebasing: bytes[range]), to: &escaped)
            }
        }
        starts.append(escaped.count)
        markup = Array(escaped.bytes)
        markupStart = starts
    }

    /// Appends the HTML of `text` to `out`, escaped for a JSON string
    /// (without its quotes). `text` renders: the caller checked it
    /// (`HTMLRenderer.checkRenderable`) before writing anything.
    @inline(__always)
    func write(_ text: String, into out: inout ByteBuffer) {
        markup.withUnsafeBytes { markup in
            markupStart.withUnsafeBufferPointer { markupStart in
                withUnsafeMutablePointer(to: &out) { out in
                    var sink = Sink(out: out, markup: markup, markupStart: markupStart)
                    try? renderer.render(text, into: &sink)
                }
            }
        }
    }

    /// The renderer's HTML escaped for a JSON string as it is written. The
    /// render loop finds the bytes of text JSON escapes (`escapes(in:)`) in
    /// its one pass, so the runs between are copied as they are.
    private struct Sink: HTMLSink {
        let out: UnsafeMutablePointer<ByteBuffer>
        let markup: UnsafeRawBufferPointer
        let markupStart: UnsafeBufferPointer<Int>

        var count: Int { out.pointee.count }

        @inline(__always)
        static func escapes(in word: UInt64) -> UInt64 { JSONStringEscaping.specialBytes(word) }

        @inline(__always)
        mutating func append(text: UnsafeRawBufferPointer) {
            out.pointee.append(text.baseAddress!, count: text.count)
        }

        @inline(__always)
        mutating func append(escaping byte: UInt8) {
            let output = out.pointee.spareCapacity(6)
            out.pointee.didWrite(JSONStringEscaping.writeEscaped(byte, to: output))
        }

        /// The renderer's own HTML (an escape, a tag: at most a few dozen
        /// bytes), escaped as it is copied.
        @inline(__always)
        mutating func append(_ html: UnsafeRawBufferPointer) {
            guard html.count <= JSONStringEscaping.sliceSize else {
                return JSONStringEscaping.appendEscaped(html, to: &out.pointee)
            }
            let output = out.pointee.spareCapacity(html.count &* 6 &+ 8)
            out.pointee.didWrite(JSONStringEscaping.escape(html, 0..<html.count, to: output))
        }

        @inline(__always)
        mutating func appendSticker(_ html: UnsafeRawBufferPointer, entry: Int) {
            let from = markupStart[entry]
            out.pointee.append(markup.baseAddress! + from, count: markupStart[entry &+ 1] &- from)
        }

        @inline(__always)
        mutating func truncate(to count: Int) { out.pointee.truncate(to: count) }
    }

    /// What a render of every code hands its sink: each entry's markup.
    private struct FoundMarkup: HTMLSink {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>]
        var count: Int { 0 }

        init(slots: Int) { ranges = Array(repeating: 0..<0, count: slots) }

        mutating func append(_ html: UnsafeRawBufferPointer) {}

        mutating func appendSticker(_ html: UnsafeRawBufferPointer, entry: Int) {
            ranges[entry] = bytes.count..<(bytes.count + html.count)
            bytes.append(contentsOf: html)
        }

        mutating func truncate(to count: Int) {}
    }
}

/// A render written as it is, into a buffer that may bound it (`GET /api/render`'s fragment).
extension ByteBuffer: HTMLSink {
    @inline(__always)
    mutating func append(_ html: UnsafeRawBufferPointer) {
        guard let bytes = html.baseAddress else { return }
        append(bytes, count: html.count)
    }

    @inline(__always)
    mutating func appendSticker(_ html: UnsafeRawBufferPointer, entry: Int) { append(html) }
}

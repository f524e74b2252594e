/// Where `HTMLRenderer.render(_:into:)` writes the HTML, for the package's
/// transport, which puts it somewhere a `String` is not what it wants:
/// inside a string of the documents it answers with, escaped for them as it
/// goes, or in a buffer with a bound. `package`, not public: an embedding
/// program has `render(_:)`, `render(_:into:)` for bytes and `withRendered`;
/// the sink is how the transport writes without the core knowing its
/// formats. The renderer hands over the HTML in pieces, every byte once, in
/// order.
///
/// A sink that writes some bytes of text in a form of its own names them
/// (`escapes(in:)`): the render finds them in the same pass in which it
/// finds HTML's, and hands each to `append(escaping:)`; every other run of
/// text comes to `append(text:)` free of them, to be copied as it is. The
/// renderer's own HTML (an escape such as `&lt;`, a tag) comes to
/// `append(_:)`, and a sticker's markup with its index, so a sink can write
/// a form of it prepared once instead of reworking the same few hundred
/// bytes at every sticker.
///
/// The render loop is generic over its sink and inlinable, so a sink's
/// methods are compiled into it: a sink costs what its writes cost.
@usableFromInline package protocol HTMLSink: ~Copyable {
    /// Bytes written so far, as the sink counts them (in its own form of the
    /// HTML): `truncate(to:)` takes a count it answered.
    var count: Int { get }

    /// The bytes of text the sink writes in a form of its own: the high bit
    /// of each such byte of `word` (eight bytes, the first in the low bits)
    /// set, the lowest one exact (a flag above the lowest may be spurious).
    /// None by default.
    static func escapes(in word: UInt64) -> UInt64

    /// Appends a run of text, escaped for HTML, that holds no byte `escapes(in:)` flags.
    mutating func append(text: UnsafeRawBufferPointer)

    /// Appends a byte of text that `escapes(in:)` flags, in the sink's form.
    mutating func append(escaping byte: UInt8)

    /// Appends the renderer's own HTML: an escape (`&lt;`) or a tag (`<br>`,
    /// `<span class="emoji">`).
    mutating func append(_ html: UnsafeRawBufferPointer)

    /// Appends one of the renderer's escapes packed into a word
    /// (`HTMLEscaping.packedReplacements`): its count of bytes in the top
    /// byte, the bytes from the low end.
    mutating func append(packed literal: UInt64)

    /// Appends the markup of a sticker (its `<img>`, or `<picture>` when
    /// animated): `html`, which is the same bytes every time for the same
    /// `entry` of this renderer (an index into `catalog.entries`).
    mutating func appendSticker(_ html: UnsafeRawBufferPointer, entry: Int)

    /// Drops what was written after the first `count` bytes: the escaped text
    /// of a code, once its `]` shows it is a sticker. Never further back than
    /// `HTMLRenderer.truncationReach` bytes of the sink's form of the HTML,
    /// when it writes no byte of text as more than 6 (HTML's own longest
    /// escape is `&quot;`).
    mutating func truncate(to count: Int)
}

extension HTMLSink where Self: ~Copyable {
    @inlinable @inline(__always)
    package static func escapes(in word: UInt64) -> UInt64 { 0 }

    @inlinable @inline(__always)
    package mutating func append(text: UnsafeRawBufferPointer) { append(text) }

    @inlinable @inline(__always)
    package mutating func append(escaping byte: UInt8) {
        withUnsafeBytes(of: byte) { append($0) }
    }

    @inlinable @inline(__always)
    package mutating func append(packed literal: UInt64) {
        withUnsafeBytes(of: literal.littleEndian) {
            append(UnsafeRawBufferPointer(rebasing: $0[..<Int(literal >> 56)]))
        }
    }

    /// Appends one of the renderer's literals (an escape or a tag).
    @inlinable @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Whether `escapes(in:)` flags `byte`.
    @inlinable @inline(__always)
    static func escapes(_ byte: UInt8) -> Bool { escapes(in: UInt64(byte)) & 0x80 != 0 }

}

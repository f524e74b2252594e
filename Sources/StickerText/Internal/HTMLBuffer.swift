/// The buffer a render writes into when the caller wants the HTML itself
/// (`render(_:)`, `withRendered`): a pointer and a length that grows by
/// doubling. `Array.append(contentsOf:)` costs a uniqueness and capacity
/// check and a generic call per append, about as much as the copy itself
/// for the short pieces rendering writes (an escape, a sticker's markup).
struct HTMLBuffer: ~Copyable, HTMLSink {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ html: UnsafeRawBufferPointer) {
        guard let source = html.baseAddress else { return }
        if count &+ html.count > capacity { grow(to: count &+ html.count) }
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: html.count)
        count &+= html.count
    }

    /// The word stored whole (the bytes past its count are written over by
    /// what comes next, or never read): no copy of a few bytes.
    @inline(__always)
    mutating func append(packed literal: UInt64) {
        if count &+ 8 > capacity { grow(to: count &+ 8) }
        UnsafeMutableRawPointer(base + count).storeBytes(of: literal.littleEndian, as: UInt64.self)
        count &+= Int(literal >> 56)
    }

    @inline(__always)
    mutating func appendSticker(_ html: UnsafeRawBufferPointer, entry: Int) { append(html) }

    @inline(__always)
    mutating func truncate(to count: Int) {
        precondition(count <= self.count, "truncated past the end")
        self.count = count
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = newCapacity
    }

    /// The bytes written, valid while the buffer lives and is not written to.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}

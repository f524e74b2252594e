import Foundation

/// A growable byte buffer for the render loop. `Array.append(contentsOf:)`
/// costs a uniqueness and capacity check and a generic call per append,
/// about as much as the copy itself for the short pieces rendering writes
/// (an escape, a sticker's markup); this is a pointer and a length.
///
/// Public to the transport only (`@_spi(JSON)`), and `@inlinable`: its
/// JSON writer writes into it, and a call per append from another module
/// cost a render ~2.5k instructions (callgrind). A `package` method is not
/// inlined across modules, whatever its attributes.
@_spi(JSON) public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written (`count`), and room for how many.
    @usableFromInline var written = 0
    @usableFromInline var capacity: Int

    @inlinable
    public var count: Int { written }

    public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inlinable @inline(__always)
    public mutating func append(_ source: UnsafeRawPointer, count byteCount: Int) {
        if written &+ byteCount > capacity { grow(to: written &+ byteCount) }
        (base + written).update(from: source.assumingMemoryBound(to: UInt8.self), count: byteCount)
        written &+= byteCount
    }

    @inlinable @inline(__always)
    public mutating func append(byte: UInt8) {
        if written == capacity { grow(to: written &+ 1) }
        base[written] = byte
        written &+= 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: written)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    /// Room for `byteCount` more bytes at the end, for a writer that stores bytes
    /// itself (a byte or a word at a time) instead of appending pieces;
    /// `didWrite` then counts what it stored.
    @inlinable @inline(__always)
    public mutating func spareCapacity(_ byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        if written &+ byteCount > capacity { grow(to: written &+ byteCount) }
        return base + written
    }

    @inlinable @inline(__always)
    public mutating func didWrite(_ byteCount: Int) {
        precondition(written &+ byteCount <= capacity, "wrote past the spare capacity")
        written &+= byteCount
    }

    /// Appends a copy of bytes already written (room is made first: growing moves them).
    @inlinable
    public mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= written, "a range of what was written")
        if written &+ range.count > capacity { grow(to: written &+ range.count) }
        (base + written).update(from: base + range.lowerBound, count: range.count)
        written &+= range.count
    }

    /// Drops what was written after `length` bytes.
    @inlinable @inline(__always)
    public mutating func truncate(to length: Int) {
        written = length
    }

    @inlinable
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: written) }
}

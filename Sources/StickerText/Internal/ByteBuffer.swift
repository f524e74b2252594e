import Foundation

/// A growable byte buffer for the render loop. `Array.append(contentsOf:)`
/// costs a uniqueness and capacity check and a generic call per append,
/// about as much as the copy itself for the short pieces rendering writes
/// (an escape, a sticker's markup); this is a pointer and a length.
package struct ByteBuffer: ~Copyable {
    package private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    package mutating func append(_ source: UnsafeRawPointer, count n: Int) {
        if count &+ n > capacity { grow(to: count &+ n) }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: n)
        count &+= n
    }

    @inline(__always)
    package mutating func append(byte: UInt8) {
        if count == capacity { grow(to: count &+ 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    package mutating func append(_ s: StaticString) {
        append(s.utf8Start, count: s.utf8CodeUnitCount)
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    /// Room for `n` more bytes at the end, for a writer that stores bytes
    /// itself (a byte or a word at a time) instead of appending pieces;
    /// `didWrite` then counts what it stored.
    @inline(__always)
    package mutating func spareCapacity(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count &+ n > capacity { grow(to: count &+ n) }
        return base + count
    }

    @inline(__always)
    package mutating func didWrite(_ n: Int) {
        precondition(count &+ n <= capacity, "wrote past the spare capacity")
        count &+= n
    }

    /// Appends a copy of bytes already written (room is made first: growing moves them).
    package mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range of what was written")
        if count &+ range.count > capacity { grow(to: count &+ range.count) }
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count &+= range.count
    }

    /// Drops what was written after `length` bytes.
    @inline(__always)
    package mutating func truncate(to length: Int) {
        count = length
    }

    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}

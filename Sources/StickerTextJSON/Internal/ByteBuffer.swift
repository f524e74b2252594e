import Foundation

/// A growable byte buffer for the render loop. `Array.append(contentsOf:)`
/// costs a uniqueness and capacity check and a generic call per append,
/// about as much as the copy itself for the short pieces rendering writes
/// (an escape, a sticker's markup); this is a pointer and a length.
///
/// What the buffer holds is bounded when asked (`Overflow`): an answer too
/// large to hold is counted, or handed on in pieces as it is written, and
/// never held whole. All of that happens where the buffer is full, on the
/// slow path (`grow`); an append costs what it did.
struct ByteBuffer: ~Copyable {
    var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are held (`written`), and room for how many.
    var written = 0
    var capacity: Int
    /// Bytes written and no longer held: counted only, or handed to `drain`.
    /// `count` and the offsets of `truncate` and `appendCopy` include them.
    var dropped = 0
    let overflow: Overflow

    /// What a full buffer does.
    enum Overflow {
        /// Grows: every byte is held (`bytes` is all of them).
        case grow
        /// Grows to hold at most `limit` bytes; past that it lets go of all
        /// but the last `keep` bytes written (which a writer may still
        /// truncate back into) each time it is full, counting them, so that
        /// `count` is what the whole would have been.
        case hold(limit: Int, keep: Int)
        /// Holds at most `pieceSize` bytes: each time it is full, all but the
        /// last `keep` go to `drain`, in order; `finish` drains the rest.
        case drain(pieceSize: Int, keep: Int, to: (UnsafeBufferPointer<UInt8>) -> Void)
    }

    /// Every byte written so far, held or not.
    var count: Int { dropped &+ written }

    /// Whether `bytes` holds every byte written.
    var isWhole: Bool { dropped == 0 }

    init(capacity: Int, overflow: Overflow = .grow) {
        self.overflow = overflow
        let limit =
            switch overflow {
            case .grow: capacity
            case .hold(let limit, _): min(capacity, limit)
            case .drain(let pieceSize, let keep, _): max(pieceSize, 2 * keep)
            }
        self.capacity = max(limit, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ source: UnsafeRawPointer, count byteCount: Int) {
        if written &+ byteCount > capacity { grow(to: written &+ byteCount) }
        (base + written).update(from: source.assumingMemoryBound(to: UInt8.self), count: byteCount)
        written &+= byteCount
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        if written == capacity { grow(to: written &+ 1) }
        base[written] = byte
        written &+= 1
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Room for `needed` bytes held in all: the buffer grows, or lets bytes go
    /// as `overflow` says. Room for what is asked is always made, even when
    /// one write is larger than a piece.
    @inline(never)
    mutating func grow(to needed: Int) {
        let more = needed &- written
        switch overflow {
        case .grow:
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            resize(to: newCapacity)
            return
        case .hold(let limit, let keep):
            // Room past `limit` for one reservation (`spareCapacity`): a
            // writer asks for its worst case, and bytes it may not write
            // must not make an answer that fits "too large" (a caller
            // compares `count` with its limit).
            if dropped == 0 && needed <= limit &+ Self.largestReservation {
                resize(to: Swift.min(limit &+ Self.largestReservation, Swift.max(needed, capacity * 2)))
                return
            }
            // Too large to hold: from here on a small buffer, which only counts.
            letGo(keeping: keep, to: nil)
            let small = Swift.max(Self.pieceSize, 2 * keep)
            if capacity > small { resize(to: small) }
        case .drain(_, let keep, let drain):
            letGo(keeping: keep, to: drain)
        }
        if written &+ more > capacity { resize(to: written &+ more) }
    }

    /// The most `spareCapacity` is asked for at once: a JSON string's slice
    /// of 512 bytes at its worst (`\u00XX` each) and a word stored past it.
    static let largestReservation = JSONStringEscaping.sliceSize * 6 + 8

    /// The size of the pieces a buffer that counts, or drains, works in.
    static let pieceSize = 64 << 10

    /// Lets go of all but the last `keep` bytes held, handing them to `drain`.
    mutating func letGo(keeping keep: Int, to drain: ((UnsafeBufferPointer<UInt8>) -> Void)?) {
        let gone = written &- Swift.min(written, keep)
        guard gone > 0 else { return }
        drain?(UnsafeBufferPointer(start: base, count: gone))
        memmove(base, base + gone, written &- gone)
        dropped &+= gone
        written &-= gone
    }

    /// Moves the bytes held to a new allocation of `newCapacity` (at least `written`).
    mutating func resize(to newCapacity: Int) {
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        moved.update(from: base, count: written)
        base.deallocate()
        base = moved
        capacity = newCapacity
    }

    /// Drains what is still held (a buffer that drains; nothing otherwise).
    mutating func finish() {
        if case .drain(_, _, let drain) = overflow { letGo(keeping: 0, to: drain) }
    }

    /// Room for `byteCount` more bytes at the end, for a writer that stores bytes
    /// itself (a byte or a word at a time) instead of appending pieces;
    /// `didWrite` then counts what it stored.
    @inline(__always)
    mutating func spareCapacity(_ byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        assert(byteCount <= Self.largestReservation, "a reservation larger than a held buffer has room for")
        if written &+ byteCount > capacity { grow(to: written &+ byteCount) }
        return base + written
    }

    @inline(__always)
    mutating func didWrite(_ byteCount: Int) {
        precondition(written &+ byteCount <= capacity, "wrote past the spare capacity")
        written &+= byteCount
    }

    /// Appends a copy of bytes already written (`range` of `count`), if they
    /// are still held and there is room for them without letting any go:
    /// false otherwise, with nothing written, and the caller writes them again.
    mutating func appendCopy(of range: Range<Int>) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range of what was written")
        guard range.lowerBound >= dropped else { return false }
        if written &+ range.count > capacity {
            switch overflow {
            case .grow: break
            case .hold(let limit, _) where dropped == 0 && written &+ range.count <= limit: break
            default: return false
            }
            // Growing moves the bytes: room is made before they are read.
            grow(to: written &+ range.count)
        }
        (base + written).update(from: base + (range.lowerBound &- dropped), count: range.count)
        written &+= range.count
        return true
    }

    /// Drops what was written after `length` bytes, which must still be held
    /// (within the last `keep` bytes of a buffer that lets bytes go).
    @inline(__always)
    mutating func truncate(to length: Int) {
        precondition(length >= dropped, "truncated into bytes no longer held")
        written = length &- dropped
    }

    /// The bytes held: every byte written when `isWhole`.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: written) }
}

/// The scalars of valid UTF-8 bytes, without building a String.
struct ScalarSequence: Sequence, IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    var range: Range<Int>

    mutating func next() -> Unicode.Scalar? {
        guard !range.isEmpty else { return nil }
        let i = range.lowerBound
        range = (i + UTF8Bytes.sequenceLength(bytes[i]))..<range.upperBound
        return Unicode.Scalar(UTF8Bytes.scalar(at: i, in: bytes))
    }
}

/// The scalar values of valid UTF-8 bytes: what normalization reads. A
/// `ScalarSequence` mapped through `\.value` projected the key path at run
/// time for every scalar (a fifth of weighing a cluster of four prepend
/// marks and a dot).
struct ScalarValues: Sequence, IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    var range: Range<Int>

    @inline(__always)
    mutating func next() -> UInt32? {
        guard !range.isEmpty else { return nil }
        let i = range.lowerBound
        range = (i &+ UTF8Bytes.sequenceLength(bytes[i]))..<range.upperBound
        return UTF8Bytes.scalar(at: i, in: bytes)
    }
}

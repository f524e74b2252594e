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

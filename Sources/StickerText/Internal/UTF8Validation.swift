package enum UTF8Validation {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence.
    package static func firstInvalidOffset(_ bytes: some Collection<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}

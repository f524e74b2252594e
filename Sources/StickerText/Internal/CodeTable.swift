/// An open-addressing hash table from code bytes (the text between the
/// brackets) to an entry index. The render scanner looks codes up straight
/// from the input buffer, so a lookup hashes and compares bytes in place and
/// never builds a String. Inlinable, with the render loop (`HTMLSink`): as
/// a call from a sink's specialized loop, a lookup cost ~50 instructions more.
@usableFromInline
struct CodeTable: Sendable {
    @usableFromInline private(set) var keyBytes: [UInt8] = []
    @usableFromInline private(set) var keyStart: [Int] = []
    @usableFromInline private(set) var keyLength: [Int] = []
    @usableFromInline private(set) var values: [Int] = []
    @usableFromInline private(set) var slots: [Int32]
    @usableFromInline private(set) var mask: Int
    /// Longest key in bytes: longer brackets are not looked up at all.
    @usableFromInline private(set) var maxKeyLength = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    @inlinable @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var h: UInt32 = 2_166_136_261
        for byte in bytes {
            h = (h ^ UInt32(byte)) &* 16_777_619
        }
        return Int(h)
    }

    /// Adds a key; returns false if it is already present.
    mutating func insert(_ key: String, value: Int) -> Bool {
        let bytes = Array(key.utf8)
        if bytes.withUnsafeBytes({ lookup($0) }) != nil { return false }
        let index = values.count
        keyStart.append(keyBytes.count)
        keyLength.append(bytes.count)
        keyBytes.append(contentsOf: bytes)
        values.append(value)
        maxKeyLength = max(maxKeyLength, bytes.count)
        var slot = bytes.withUnsafeBytes { CodeTable.hash($0) } & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
        return true
    }

    @inlinable @inline(__always)
    func lookup(_ key: UnsafeRawBufferPointer) -> Int? {
        if key.count > maxKeyLength || key.isEmpty { return nil }
        var slot = CodeTable.hash(key) & mask
        return keyBytes.withUnsafeBytes { stored in
            while true {
                let index = Int(slots[slot])
                if index < 0 { return nil }
                if keyLength[index] == key.count {
                    let start = keyStart[index]
                    if memoryEqual(stored.baseAddress! + start, key.baseAddress!, key.count) {
                        return values[index]
                    }
                }
                slot = (slot + 1) & mask
            }
        }
    }
}

@inlinable @inline(__always)
func memoryEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
    for i in 0..<count where lhs.load(fromByteOffset: i, as: UInt8.self) != rhs.load(fromByteOffset: i, as: UInt8.self)
    {
        return false
    }
    return true
}

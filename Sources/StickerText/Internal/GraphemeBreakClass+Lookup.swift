/// The class of a scalar, from the generated `GraphemeBreakTable`.
///
/// Below U+20000 (every script, every emoji) it is one load from a byte per
/// code point, built once from the table's runs (128 KB); above, where only
/// the CJK ideographs of the later planes, the tags and the variation
/// selectors supplement are, a binary search of the runs.
extension GraphemeBreakClass {
    static let flatEnd: UInt32 = 0x20000

    /// A class per code point below `flatEnd`, filled a run at a time (a memset each: built once per
    /// process, in ~2,200 calls, not a store per code point).
    static let flat: [GraphemeBreakClass] = [GraphemeBreakClass](unsafeUninitializedCapacity: Int(flatEnd)) {
        table, count in
        let runs = GraphemeBreakTable.runs
        for (k, run) in runs.enumerated() {
            let first = Int(run >> UInt32(GraphemeBreakTable.classBits))
            if first >= Int(flatEnd) { break }
            let next = k + 1 < runs.count ? Int(runs[k + 1] >> UInt32(GraphemeBreakTable.classBits)) : 0x110000
            UnsafeMutableBufferPointer(rebasing: table[first..<min(next, Int(flatEnd))])
                .initialize(repeating: packedClass(run))
        }
        count = Int(flatEnd)
    }

    @inline(__always)
    private static func packedClass(_ run: UInt32) -> GraphemeBreakClass {
        GraphemeBreakClass(rawValue: UInt8(run & (1 << UInt32(GraphemeBreakTable.classBits) - 1))).unsafelyUnwrapped
    }

    /// The class of `scalar`, given `flat`'s buffer (the callers' loops take it once).
    @inline(__always)
    static func of(_ scalar: UInt32, in flat: UnsafeBufferPointer<GraphemeBreakClass>) -> GraphemeBreakClass {
        scalar < flatEnd ? flat[Int(scalar)] : beyondFlat(scalar)
    }

    /// The class of `scalar`, alone (the tests, and callers outside a loop).
    static func of(_ scalar: UInt32) -> GraphemeBreakClass {
        flat.withUnsafeBufferPointer { of(scalar, in: $0) }
    }

    private static func beyondFlat(_ scalar: UInt32) -> GraphemeBreakClass {
        packedClass(PackedRuns.value(of: scalar, in: GraphemeBreakTable.runs, bits: GraphemeBreakTable.classBits))
    }
}

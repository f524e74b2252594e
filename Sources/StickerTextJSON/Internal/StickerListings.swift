import StickerText

/// Each catalog entry's `"code":…,"tag":…,"pack":…` as response JSON,
/// written once per catalog. A render lists every sticker it finds (twice:
/// `stickers` and `counts.stickers`), and quoting those three strings
/// cost more than the rest of the listing; copying them is one move.
struct StickerListings: Sendable {
    /// `members[starts[e] ..< starts[e + 1]]` for catalog entry `e`.
    private let members: [UInt8]
    private let starts: [Int]

    init(catalog: StickerCatalog) {
        var members: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(catalog.entries.count + 1)
        for entry in catalog.entries.indices {
            starts.append(members.count)
            let sticker = TextCounts.Found(entry: entry, in: catalog, range: TextRange(location: 0, length: 0))
            var writer = JSONWriter()
            writer.object { writer in TextCounts.Found.writeNames(of: sticker, to: &writer) }
            // The members, without the object's braces.
            members += writer.bytes.dropFirst().dropLast()
        }
        starts.append(members.count)
        self.members = members
        self.starts = starts
    }

    /// Writes entry `entry`'s members into the object `writer` is writing.
    func write(entry: Int, to writer: inout JSONWriter) {
        members.withUnsafeBytes {
            writer.members(UnsafeRawBufferPointer(rebasing: $0[starts[entry]..<starts[entry + 1]]))
        }
    }
}

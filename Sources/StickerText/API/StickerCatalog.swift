import Foundation

/// All sticker packs in use, with a fast lookup from code to sticker.
///
/// Codes are unique across the whole catalog: a tag or alias may name only one
/// sticker, so rendering never has to choose.
public struct StickerCatalog: Sendable {
    /// One code (canonical tag or alias) and the sticker it names: the
    /// lookup table's value, `package` for the transport's listings and the
    /// tests; a program asks `sticker(forCode:)`.
    package struct Entry: Sendable, Hashable {
        package let code: String
        package let packIndex: Int
        package let stickerIndex: Int
        package let isCanonical: Bool
        /// The code's lengths as text (brackets and all), measured once here:
        /// a text's count adds them for each sticker instead of measuring the
        /// code again (~150 instructions a sticker, callgrind).
        let lengths: TextLengths
    }

    public let packs: [StickerPack]
    package let entries: [Entry]
    @usableFromInline let table: CodeTable
    let searchIndex: SearchIndex

    /// Builds a catalog from packs already in memory, checking tags, aliases
    /// and image paths (but not that image files exist: the transport's
    /// `load(directory:)` does that). A problem names its pack as `pack "<id>"`.
    public init(packs: [StickerPack]) throws(InputError) {
        try self.init(packs: packs, files: packs.map { "pack \"\($0.id)\"" })
    }

    /// The same, a problem naming its pack by `files[i]`, the file that holds or will hold `packs[i]`.
    package init(packs: [StickerPack], files: [String]) throws(InputError) {
        var issues = CatalogValidator.check(packs: packs, files: files)
        var entries: [Entry] = []
        // Room for every code: a sticker may have any number of aliases (an import
        // from Slack gives one all its alias: entries), and a full table never ends a probe.
        var table = CodeTable(capacity: packs.reduce(0) { $0 + $1.stickers.reduce(0) { $0 + $1.codes.count } })
        for (p, pack) in packs.enumerated() {
            for (s, sticker) in pack.stickers.enumerated() {
                for (c, code) in sticker.codes.enumerated() where TagSyntax.problem(in: code) == nil {
                    let content = String(code.dropFirst().dropLast())
                    if table.insert(content, value: entries.count) {
                        let lengths = Array(code.utf8).withUnsafeBufferPointer {
                            TextBackedString.measure(0..<$0.count, in: $0)
                        }
                        entries.append(
                            Entry(code: code, packIndex: p, stickerIndex: s, isCanonical: c == 0, lengths: lengths))
                    }
                }
            }
        }
        issues.sort()
        if !issues.isEmpty { throw InputError.invalidPacks(issues) }
        self.packs = packs
        self.entries = entries
        self.table = table
        searchIndex = SearchIndex(packs: packs)
    }

    /// The sticker a code (with brackets) names, canonical or alias.
    public func sticker(forCode code: String) -> Sticker? {
        entry(forCode: code).map(sticker(for:))
    }

    /// The entry a code (with brackets) names, canonical or alias.
    package func entry(forCode code: String) -> Entry? {
        // By bytes: a String's hasPrefix compares whole characters, and "[" with
        // thousands of marks after it is one character to normalize.
        guard code.utf8.count >= 3, code.utf8.first == UInt8(ascii: "["), code.utf8.last == UInt8(ascii: "]") else {
            return nil
        }
        let content = Array(code.utf8.dropFirst().dropLast())
        return content.withUnsafeBytes { table.lookup($0) }.map { entries[$0] }
    }

    package func sticker(for entry: Entry) -> Sticker {
        packs[entry.packIndex].stickers[entry.stickerIndex]
    }

    package func pack(for entry: Entry) -> StickerPack {
        packs[entry.packIndex]
    }

    /// Looks up the bytes between two brackets, straight from a buffer.
    @inlinable @inline(__always)
    func entryIndex(content: UnsafeRawBufferPointer) -> Int? {
        table.lookup(content)
    }

    @inlinable var maxContentLength: Int { table.maxKeyLength }
}

extension StickerCatalog {
    /// The packs that ship with stickertext, compiled into the library so the
    /// CLI and the server run with no files at all.
    public static let `default`: StickerCatalog = {
        try! StickerCatalog(packs: DefaultPacks.packs)
    }()
}

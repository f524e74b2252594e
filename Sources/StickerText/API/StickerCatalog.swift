import Foundation

/// All sticker packs in use, with a fast lookup from code to sticker.
///
/// Codes are unique across the whole catalog: a tag or alias may name only one
/// sticker, so rendering never has to choose.
public struct StickerCatalog: Sendable {
    /// One code (canonical tag or alias) and the sticker it names.
    public struct Entry: Sendable, Hashable {
        public let code: String
        public let packIndex: Int
        public let stickerIndex: Int
        public let isCanonical: Bool
    }

    public let packs: [StickerPack]
    public let entries: [Entry]
    let table: CodeTable
    let searchIndex: SearchIndex

    /// Builds a catalog from packs already in memory, checking tags, aliases
    /// and image paths (but not that image files exist: see `load(directory:)`).
    public init(packs: [StickerPack]) throws(CatalogValidationError) {
        var issues = CatalogValidator.check(packs: packs, files: packs.map { "\($0.id)/pack.json" })
        var entries: [Entry] = []
        // Room for every code: a sticker may have any number of aliases (an import
        // from Slack gives one all its alias: entries), and a full table never ends a probe.
        var table = CodeTable(capacity: packs.reduce(0) { $0 + $1.stickers.reduce(0) { $0 + $1.codes.count } })
        for (p, pack) in packs.enumerated() {
            for (s, sticker) in pack.stickers.enumerated() {
                for (c, code) in sticker.codes.enumerated() where TagSyntax.problem(in: code) == nil {
                    let content = String(code.dropFirst().dropLast())
                    if table.insert(content, value: entries.count) {
                        entries.append(Entry(code: code, packIndex: p, stickerIndex: s, isCanonical: c == 0))
                    }
                }
            }
        }
        issues.sort()
        if !issues.isEmpty { throw CatalogValidationError(issues: issues) }
        self.packs = packs
        self.entries = entries
        self.table = table
        searchIndex = SearchIndex(packs: packs)
    }

    /// The sticker entry a code (with brackets) names, canonical or alias.
    public func entry(forCode code: String) -> Entry? {
        // By bytes: a String's hasPrefix compares whole characters, and "[" with
        // thousands of marks after it is one character to normalize.
        guard code.utf8.count >= 3, code.utf8.first == UInt8(ascii: "["), code.utf8.last == UInt8(ascii: "]") else {
            return nil
        }
        let content = Array(code.utf8.dropFirst().dropLast())
        return content.withUnsafeBytes { table.lookup($0) }.map { entries[$0] }
    }

    public func sticker(for entry: Entry) -> Sticker {
        packs[entry.packIndex].stickers[entry.stickerIndex]
    }

    public func pack(for entry: Entry) -> StickerPack {
        packs[entry.packIndex]
    }

    /// Looks up the bytes between two brackets, straight from a buffer.
    @inline(__always)
    func entryIndex(content: UnsafeRawBufferPointer) -> Int? {
        table.lookup(content)
    }

    var maxContentLength: Int { table.maxKeyLength }
}

extension StickerCatalog {
    /// Loads every `<dir>/<pack-id>/pack.json` under `directory` (ordered by
    /// each pack's `order`, then id), and checks each image file exists inside its pack folder.
    /// Every problem found is reported at once, each naming its file and entry.
    public static func load(directory: String) throws(CatalogValidationError) -> StickerCatalog {
        let fm = FileManager.default
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        let folders: [String]
        do {
            folders = try fm.contentsOfDirectory(atPath: root.path).sorted()
        } catch {
            throw CatalogValidationError(issues: [
                .init(file: directory, entry: nil, message: "cannot read the packs folder")
            ])
        }
        var packs: [StickerPack] = []
        var files: [String] = []
        var issues: [CatalogValidationError.Issue] = []
        for folder in folders {
            let packURL = root.appendingPathComponent(folder, isDirectory: true)
            let jsonURL = packURL.appendingPathComponent("pack.json")
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: packURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            let file = jsonURL.path
            guard let data = fm.contents(atPath: file) else {
                issues.append(.init(file: file, entry: nil, message: "missing pack.json"))
                continue
            }
            let pack: StickerPack
            do {
                pack = try StickerPack(packJSON: Array(data))
            } catch {
                let what = error.kind == .invalidValue ? "not a pack" : "malformed JSON"
                issues.append(.init(file: file, entry: nil, message: "\(what): \(error.sentence(about: "pack.json"))"))
                continue
            }
            if pack.id != folder {
                issues.append(
                    .init(
                        file: file, entry: "id",
                        message: "pack id \"\(pack.id)\" does not match its folder \"\(folder)\""))
            }
            issues += CatalogValidator.checkFiles(of: pack, in: packURL, file: file)
            packs.append(pack)
            files.append(file)
        }
        let sorted = zip(packs, files).sorted { ($0.0.order ?? Int.max, $0.0.id) < ($1.0.order ?? Int.max, $1.0.id) }
        packs = sorted.map(\.0)
        files = sorted.map(\.1)
        issues += CatalogValidator.check(packs: packs, files: files)
        if !issues.isEmpty { throw CatalogValidationError(issues: issues.sorted()) }
        return try StickerCatalog(packs: packs)
    }

    /// The packs in `directory`, or the embedded default packs when it is
    /// nil: how the CLI's `--packs` and the server's (and its reloads) load them.
    public static func load(packs directory: String?) throws(CatalogValidationError) -> StickerCatalog {
        guard let directory else { return .default }
        return try load(directory: directory)
    }

    /// The packs that ship with stickertext, compiled into the library so the
    /// CLI and the server run with no files at all.
    public static let `default`: StickerCatalog = {
        let packs = DefaultPacks.json.map { try! StickerPack(packJSON: Array($0.utf8)) }
        return try! StickerCatalog(packs: packs)
    }()
}

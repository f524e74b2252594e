import StickerText

/// Imported packs beside the packs a folder keeps (`PackWriter`): each code
/// the folder has already resolved as `CodeCollision` says, every change
/// told in a note.
struct FolderMerge {
    private var kept: [StickerPack]
    private let collisions: CodeCollision
    /// Each code of the kept packs: where its sticker is.
    private var owners: [String: (pack: Int, sticker: Int)] = [:]
    /// Stickers of kept packs that --overwrite takes away whole, and aliases taken from the others.
    private var takenStickers: Set<[Int]> = []
    private var takenAliases: [[Int]: Set<String>] = [:]
    /// The kept packs either of those touches.
    private var touched: Set<Int> = []
    private var skipped: [String] = []
    private var keywords: [String] = []
    private var overwritten: [String] = []
    private var emptied: [String] = []

    init(kept: [StickerPack], collisions: CodeCollision) {
        self.kept = kept
        self.collisions = collisions
        for (p, pack) in kept.enumerated() {
            for (s, sticker) in pack.stickers.enumerated() {
                for code in sticker.codes { owners[code] = (p, s) }
            }
        }
    }

    /// `imported` with its collisions resolved, or nil when none of its stickers is left.
    mutating func admit(_ imported: ImportedPack) -> ImportedPack? {
        var pack = imported.pack
        var stickers: [Sticker] = []
        for var sticker in pack.stickers {
            if let tag = sticker.tag, let owner = owners[tag] {
                let holder = "\(kept[owner.pack].id) \(kept[owner.pack].stickers[owner.sticker].tag ?? "")"
                switch collisions {
                case .skip:
                    skipped.append("\(tag) (\(holder))")
                    continue
                case .overwrite:
                    touched.insert(owner.pack)
                    if kept[owner.pack].stickers[owner.sticker].tag == tag {
                        takenStickers.insert([owner.pack, owner.sticker])
                    } else {
                        takenAliases[[owner.pack, owner.sticker], default: []].insert(tag)
                    }
                    overwritten.append("\(tag) (was \(holder))")
                }
            }
            var aliases: [String] = []
            for alias in sticker.aliases {
                guard let owner = owners[alias] else {
                    aliases.append(alias)
                    continue
                }
                if let keyword = PackAssembly.searchKeyword(String(alias.dropFirst().dropLast())),
                    !sticker.keywords.contains(keyword)
                {
                    sticker.keywords.append(keyword)
                }
                keywords.append("\(alias) (\(kept[owner.pack].id)'s)")
            }
            sticker.aliases = aliases
            stickers.append(sticker)
        }
        guard !stickers.isEmpty else {
            emptied.append(pack.id)
            return nil
        }
        // A cover is a tag, or an emoji pack's emoji.
        if !stickers.contains(where: { ($0.tag ?? $0.emoji) == pack.cover }) {
            pack.cover = stickers[0].tag ?? stickers[0].emoji ?? ""
        }
        pack.stickers = stickers
        // The pictures of the stickers left, and their posters.
        let used = Set(stickers.flatMap(\.imageFiles))
        return ImportedPack(pack: pack, files: imported.files.filter { used.contains($0.key) })
    }

    /// The kept packs --overwrite changed, and the ids of those it left empty.
    func keptPacksChanged() -> (changed: [StickerPack], removed: Set<String>) {
        var changed: [StickerPack] = []
        var removed: Set<String> = []
        for (p, pack) in kept.enumerated() where touched.contains(p) {
            var stickers: [Sticker] = []
            for (s, sticker) in pack.stickers.enumerated() where !takenStickers.contains([p, s]) {
                var left = sticker
                left.aliases.removeAll { takenAliases[[p, s]]?.contains($0) == true }
                stickers.append(left)
            }
            guard !stickers.isEmpty else {
                removed.insert(pack.id)
                continue
            }
            var updated = pack
            updated.stickers = stickers
            if !stickers.contains(where: { ($0.tag ?? $0.emoji) == pack.cover }) {
                updated.cover = stickers[0].tag ?? stickers[0].emoji ?? ""
            }
            changed.append(updated)
        }
        return (changed, removed)
    }

    /// How many imported stickers were left out, their codes the folder's already.
    var skippedCodes: Int { skipped.count }

    var notes: [String] {
        var notes: [String] = []
        if !skipped.isEmpty {
            notes.append(
                "skipped \(skipped.count), their codes in the packs folder already (--overwrite replaces them, --prefix or --suffix renames the import's): \(skipped.joined(separator: ", "))"
            )
        }
        if !overwritten.isEmpty {
            notes.append("overwritten (--overwrite): \(overwritten.joined(separator: ", "))")
        }
        if !keywords.isEmpty {
            notes.append(
                "aliases the packs folder has as codes, kept as search keywords: \(keywords.joined(separator: ", "))")
        }
        for id in emptied { notes.append("\(id): not written, none of its stickers left") }
        let (_, removed) = keptPacksChanged()
        for id in removed.sorted() {
            notes.append("\(id): removed from the packs folder, --overwrite took all its stickers")
        }
        return notes
    }
}

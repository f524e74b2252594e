import Foundation
import StickerText
import StickerTextJSON

/// Writes imported packs into a packs folder only once they load as the
/// server would load them: into a folder beside the packs folder
/// (`.stickertext-import-…`, where a server reloading the packs folder never
/// sees half a pack), read back by `StickerCatalog.load`, checked together
/// with the packs already in the folder, then moved into place.
///
/// A code the folder has already (in a pack the import does not replace) is
/// resolved as tootctl resolves a shortcode it has: by default the imported
/// sticker is skipped, with a note; with `.overwrite` the imported one takes
/// the code, and the folder's sticker of that tag leaves its pack (an alias
/// only leaves the sticker that had it). An imported alias the folder has
/// becomes a search keyword of the imported sticker, as inside one import.
///
/// A dry run does all of it but the move: the packs are staged in the
/// system's temporary folder (not beside the packs folder, which it leaves
/// as it was, even absent) and checked, and what would be written is told.
enum PackWriter {
    static func write(_ packs: [ImportedPack], into directory: URL, collisions: CodeCollision, dryRun: Bool = false)
        throws(InputError) -> WrittenPacks
    {
        let fm = FileManager.default
        // The packs' own rules first (an id names a folder: one that could
        // leave the packs folder is refused before anything is written).
        _ = try StickerCatalog(packs: packs.map(\.pack), files: packs.map { "\($0.pack.id)/pack.json" })
        let newIDs = Set(packs.map(\.pack.id))
        let existing = (try? StickerCatalog.load(directory: directory.path))?.packs ?? []
        var merge = FolderMerge(kept: existing.filter { !newIDs.contains($0.id) }, collisions: collisions)
        var notes: [String] = []
        let incoming = packs.compactMap { merge.admit($0) }.map { admitted in
            let (pack, note) = ReplacedPictureNames.renaming(
                admitted, over: directory.appendingPathComponent(admitted.pack.id, isDirectory: true))
            if let note { notes.append(note) }
            return pack
        }
        let (changed, removed) = merge.keptPacksChanged()
        notes = merge.notes + notes
        for pack in packs where existing.contains(where: { $0.id == pack.pack.id }) {
            notes.append("\(pack.pack.id): replaces the pack of that id in \(directory.path)")
        }

        let staging = (dryRun ? fm.temporaryDirectory : directory.deletingLastPathComponent()).appendingPathComponent(
            ".stickertext-import-\(UUID().uuidString)", isDirectory: true)
        defer { try? fm.removeItem(at: staging) }
        do {
            if !dryRun { try fm.createDirectory(at: directory, withIntermediateDirectories: true) }
            for imported in incoming {
                let folder = staging.appendingPathComponent(imported.pack.id, isDirectory: true)
                // A pack replaced: its files stay beside the new ones (`ReplacedPictureNames`).
                let replaced = directory.appendingPathComponent(imported.pack.id, isDirectory: true)
                if fm.fileExists(atPath: replaced.path) {
                    try fm.createDirectory(at: staging, withIntermediateDirectories: true)
                    try fm.copyItem(at: replaced, to: folder)
                }
                try fm.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(imported.pack.packJSON + [0x0A]).write(to: folder.appendingPathComponent("pack.json"))
                for (name, bytes) in imported.files {
                    let file = folder.appendingPathComponent(name)
                    try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: file)
                }
            }
            // A pack of the folder that --overwrite took stickers or aliases from: a copy, its pack.json rewritten.
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            for pack in changed {
                let folder = staging.appendingPathComponent(pack.id, isDirectory: true)
                try fm.copyItem(at: directory.appendingPathComponent(pack.id, isDirectory: true), to: folder)
                try Data(pack.packJSON + [0x0A]).write(to: folder.appendingPathComponent("pack.json"))
            }
        } catch {
            throw problem(directory.path, nil, "cannot write the packs: \(error)")
        }
        // The checks name the files where they will be, not the staging folder.
        func relocated(_ error: InputError) -> InputError {
            InputError.invalidPacks(
                error.issues.map {
                    StickerPack.Issue(
                        file: $0.file.replacingOccurrences(of: staging.path, with: directory.path), entry: $0.entry,
                        message: $0.message)
                })
        }
        let loaded: StickerCatalog
        do {
            loaded = try StickerCatalog.load(directory: staging.path)
        } catch {
            throw relocated(error)
        }
        let staged = Set(loaded.packs.map(\.id))
        do {
            _ = try StickerCatalog(
                packs: existing.filter {
                    !newIDs.contains($0.id) && !staged.contains($0.id) && !removed.contains($0.id)
                }
                    + loaded.packs)
        } catch {
            throw relocated(error)
        }
        if dryRun {
            return WrittenPacks(
                packs: incoming.map(\.pack),
                files: incoming.map {
                    directory.appendingPathComponent($0.pack.id, isDirectory: true).appendingPathComponent("pack.json")
                }, notes: notes, skippedCodes: merge.skippedCodes)
        }
        var written: [URL] = []
        for pack in incoming.map(\.pack) + changed {
            let target = directory.appendingPathComponent(pack.id, isDirectory: true)
            do {
                if fm.fileExists(atPath: target.path) { try fm.removeItem(at: target) }
                try fm.moveItem(at: staging.appendingPathComponent(pack.id, isDirectory: true), to: target)
            } catch {
                throw problem(target.path, nil, "cannot move the pack into place: \(error)")
            }
            if newIDs.contains(pack.id) { written.append(target.appendingPathComponent("pack.json")) }
        }
        for id in removed {
            do {
                try fm.removeItem(at: directory.appendingPathComponent(id, isDirectory: true))
            } catch {
                throw problem(
                    directory.appendingPathComponent(id).path, nil, "cannot remove the emptied pack: \(error)")
            }
        }
        return WrittenPacks(packs: incoming.map(\.pack), files: written, notes: notes, skippedCodes: merge.skippedCodes)
    }
}

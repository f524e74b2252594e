import Foundation
import StickerText
import StickerTextJSON

/// Writes imported packs into a packs folder only once they load as the
/// server would load them: into a folder beside the packs folder
/// (`.stickertext-import-…`, where a server reloading the packs folder never
/// sees half a pack), read back by `StickerCatalog.load`, checked together
/// with the packs already in the folder, then moved into place.
enum PackWriter {
    static func write(_ packs: [ImportedPack], into directory: URL) throws(CatalogValidationError) -> [URL] {
        let fm = FileManager.default
        // The packs' own rules first (an id names a folder: one that could
        // leave the packs folder is refused before anything is written).
        _ = try StickerCatalog(packs: packs.map(\.pack))
        let staging = directory.deletingLastPathComponent().appendingPathComponent(
            ".stickertext-import-\(UUID().uuidString)", isDirectory: true)
        defer { try? fm.removeItem(at: staging) }
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            for imported in packs {
                let folder = staging.appendingPathComponent(imported.pack.id, isDirectory: true)
                try fm.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(imported.pack.packJSON + [0x0A]).write(to: folder.appendingPathComponent("pack.json"))
                for (name, bytes) in imported.files {
                    let file = folder.appendingPathComponent(name)
                    try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: file)
                }
            }
        } catch {
            throw problem(directory.path, nil, "cannot write the packs: \(error)")
        }
        // The checks name the files where they will be, not the staging folder.
        func relocated(_ error: CatalogValidationError) -> CatalogValidationError {
            CatalogValidationError(
                issues: error.issues.map {
                    CatalogValidationError.Issue(
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
        let newIDs = Set(packs.map(\.pack.id))
        if let existing = try? StickerCatalog.load(directory: directory.path) {
            do {
                _ = try StickerCatalog(packs: existing.packs.filter { !newIDs.contains($0.id) } + loaded.packs)
            } catch {
                throw relocated(error)
            }
        }
        var written: [URL] = []
        for imported in packs {
            let target = directory.appendingPathComponent(imported.pack.id, isDirectory: true)
            do {
                if fm.fileExists(atPath: target.path) { try fm.removeItem(at: target) }
                try fm.moveItem(at: staging.appendingPathComponent(imported.pack.id, isDirectory: true), to: target)
            } catch {
                throw problem(target.path, nil, "cannot move the pack into place: \(error)")
            }
            written.append(target.appendingPathComponent("pack.json"))
        }
        return written
    }
}

import Foundation
import StickerText

/// A folder of packs, each `<pack-id>/pack.json` with its images beside it:
/// how the CLI's `--packs`, the server (and its reloads) and the format
/// converters read packs from disk.
extension StickerCatalog {
    /// Loads every `<dir>/<pack-id>/pack.json` under `directory` (ordered by
    /// each pack's `order`, then id), and checks each image file exists inside its pack folder.
    /// Every problem found is reported at once, each naming its file and entry.
    public static func load(directory: String) throws(InputError) -> StickerCatalog {
        let fm = FileManager.default
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        let folders: [String]
        do {
            folders = try fm.contentsOfDirectory(atPath: root.path).sorted()
        } catch {
            throw InputError.invalidPacks([
                .init(file: directory, entry: nil, message: "cannot read the packs folder")
            ])
        }
        var packs: [StickerPack] = []
        var files: [String] = []
        var issues: [StickerPack.Issue] = []
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
        if !issues.isEmpty { throw InputError.invalidPacks(issues.sorted()) }
        return try StickerCatalog(packs: packs)
    }

    /// The packs in `directory`, or the embedded default packs when it is
    /// nil: how the CLI's `--packs` and the server's (and its reloads) load them.
    public static func load(packs directory: String?) throws(InputError) -> StickerCatalog {
        guard let directory else { return .default }
        return try load(directory: directory)
    }

}

import Foundation
import StickerText

/// The iOS originals' plists (`PackImporter` parses them) as an import like
/// the others: each sticker's image files read from the image folder within
/// the limits (by default the plist's own folder, where the originals keep
/// them), the import's prefix and suffix put around each tag, every sticker
/// whose files are missing or refused named at once (or left out with
/// `skipInvalid`), so `PackWriter` resolves the codes the packs folder has
/// as it does for every format, and never writes a pack whose images are not there.
enum PlistImport {
    static func read(
        _ document: (name: String, bytes: [UInt8]), format: PackImporter.Format, images: FolderFiles,
        request: PackAssembly.Request
    ) throws(InputError) -> PackImport {
        // Each file read once, as the parser measures it and as the pack takes it.
        var found: [String: FileLookup] = [:]
        var stop: InputError?
        func lookup(_ name: String) -> FileLookup {
            if let known = found[name] { return known }
            var result = FileLookup.missing
            do {
                result = try images.file(at: name)
            } catch {
                stop = stop ?? error
            }
            found[name] = result
            return result
        }
        let parsed = try PackImporter.importPacks(
            Data(document.bytes), format: format, file: document.name, id: request.id,
            title: request.title ?? LocalizedName(zh: request.id, en: request.id)
        ) { name in
            guard case .found(let bytes) = lookup(name) else { return nil }
            return PackImporter.pngSize(Data(bytes))
        }
        // Each file decoded once, whole (`PictureDecoding`), however many stickers name it.
        var verdicts: [String: String?] = [:]
        func problem(_ name: String, _ bytes: [UInt8]) -> String? {
            if let known = verdicts[name] { return known }
            let verdict = PictureDecoding.problem(of: bytes)
            verdicts[name] = verdict
            return verdict
        }
        var packs: [ImportedPack] = []
        var issues: [StickerPack.Issue] = []
        var total = 0
        for pack in parsed {
            var kept = pack
            kept.stickers = []
            var files: [String: [UInt8]] = [:]
            for (index, sticker) in pack.stickers.enumerated() {
                total += 1
                var named = sticker
                if let tag = sticker.tag {
                    named.tag = request.tag(ShortcodeNames.content(tag))
                    if pack.cover == tag { kept.cover = named.tag ?? "" }
                }
                let entry = "\(pack.id) stickers[\(index)] \(sticker.tag ?? sticker.emoji ?? "")"
                var problems: [StickerPack.Issue] = []
                var own: [String: [UInt8]] = [:]
                for name in sticker.imageFiles {
                    switch lookup(name) {
                    case .found(let bytes):
                        if let why = problem(name, bytes) {
                            problems.append(.init(file: document.name, entry: entry, message: "\"\(name)\" \(why)"))
                        } else {
                            own[name] = bytes
                        }
                    case .missing:
                        problems.append(
                            .init(
                                file: document.name, entry: entry,
                                message: "its image \"\(name)\" is not in \(images.label) (--images DIR)"))
                    case .refused(let why):
                        problems.append(
                            .init(file: document.name, entry: entry, message: "its image \"\(name)\" \(why)"))
                    }
                }
                if let stop { throw stop }
                if problems.isEmpty {
                    kept.stickers.append(named)
                    files.merge(own) { first, _ in first }
                } else {
                    issues += problems
                }
            }
            if !kept.stickers.contains(where: { ($0.tag ?? $0.emoji) == kept.cover }) {
                kept.cover = kept.stickers.first.map { $0.tag ?? $0.emoji ?? "" } ?? ""
            }
            if !kept.stickers.isEmpty {
                packs.append(ImportedPack(pack: kept, files: files))
            }
        }
        var notes: [String] = []
        if !issues.isEmpty {
            guard request.skipInvalid else { throw InputError.invalidPacks(issues) }
            notes.append(PackAssembly.skippedNote(issues, of: total, noun: "stickers"))
        }
        if packs.isEmpty {
            throw InputError.invalidPacks(
                [.init(file: document.name, entry: nil, message: "no sticker to import")] + issues)
        }
        return PackImport(packs: packs, notes: notes, skipped: issues)
    }
}

import Foundation
import StickerText

/// A picture never changes under its name: browsers, the page's offline copy
/// and any cache in front keep a sticker's picture a year by its URL
/// (`immutable`). So a pack imported over the folder's pack of its id keeps
/// every file the folder's pack has (`PackWriter` writes the new pack over a
/// copy of the old one: its pictures are the names' history), and a picture of
/// the import named as one of those files but with other bytes takes the name
/// of an old file with its bytes, else a new one (`blob.png` is `blob-2.png`,
/// the first number free). Reads each old file once.
enum ReplacedPictureNames {
    /// `imported` with its changed pictures renamed, and a note naming them; `folder` is the replaced pack's.
    static func renaming(_ imported: ImportedPack, over folder: URL) -> (pack: ImportedPack, note: String?) {
        let fm = FileManager.default
        guard let oldNames = try? fm.subpathsOfDirectory(atPath: folder.path) else { return (imported, nil) }
        var old: [String: [UInt8]] = [:]
        var byBytes: [[UInt8]: String] = [:]
        for name in oldNames.sorted() {
            guard let bytes = fm.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            old[name] = [UInt8](bytes)
            byBytes[[UInt8](bytes)] = byBytes[[UInt8](bytes)] ?? name
        }
        var taken = Set(imported.files.keys).union(old.keys)
        var renamed: [String: String] = [:]
        for (name, bytes) in imported.files.sorted(by: { $0.key < $1.key }) {
            guard let before = old[name], before != bytes else { continue }
            let dot = name.lastIndex(of: ".") ?? name.endIndex
            let (stem, ext) = (name[..<dot], name[dot...])
            if let same = byBytes[bytes], same.hasSuffix(ext) {
                renamed[name] = same
                continue
            }
            var number = 2
            while taken.contains("\(stem)-\(number)\(ext)") { number += 1 }
            let fresh = "\(stem)-\(number)\(ext)"
            taken.insert(fresh)
            renamed[name] = fresh
        }
        guard !renamed.isEmpty else { return (imported, nil) }
        var pack = imported
        pack.files = [:]
        for (name, bytes) in imported.files { pack.files[renamed[name] ?? name] = bytes }
        for index in pack.pack.stickers.indices {
            guard let image = pack.pack.stickers[index].image else { continue }
            pack.pack.stickers[index].image = renaming(image, renamed)
        }
        let list = renamed.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }.joined(separator: ", ")
        return (
            pack,
            "\(imported.pack.id): pictures that differ from the replaced pack's files of the same name are written "
                + "under other names (a picture is kept a year by its URL): \(list)"
        )
    }

    private static func renaming(_ image: StickerImage, _ renamed: [String: String]) -> StickerImage {
        StickerImage(
            x1: renamed[image.x1] ?? image.x1, x2: renamed[image.x2] ?? image.x2, x3: renamed[image.x3] ?? image.x3,
            width: image.width, height: image.height, poster: image.poster.map { renaming($0, renamed) })
    }
}

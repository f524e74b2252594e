import ArgumentParser
import Foundation
import StickerText

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import a PPStickerKeyboard InnerStickersInfo.plist or a LXWeibo info.plist as a pack.")

    @Option(help: "ppsticker or lxweibo.") var format: String
    @Option(help: "The new pack's id (its folder name).") var id: String
    @Option(help: "Chinese title.") var titleZh: String?
    @Option(help: "English title.") var titleEn: String?
    @Option(help: "Folder holding the images the plist names; they are copied into the pack.") var images: String?
    @Option(help: "Packs folder to write <id>/pack.json into.") var out = "public/stickers"
    @Argument(help: "The plist file.") var plist: String

    func run() throws {
        guard let format = PackImporter.Format(rawValue: format) else {
            throw ValidationError("--format must be one of: \(PackImporter.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let data = FileManager.default.contents(atPath: plist) else { throw ValidationError("cannot read \(plist)") }
        let fm = FileManager.default
        let packs: [StickerPack]
        do {
            packs = try PackImporter.importPacks(data, format: format, file: plist, id: id,
                                                 title: LocalizedName(zh: titleZh ?? id, en: titleEn ?? id)) { name in
                images.flatMap { fm.contents(atPath: "\($0)/\(name)") }.flatMap(PackImporter.pngSize)
            }
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        for pack in packs {
            let folder = "\(out)/\(pack.id)"
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(pack.packJSON + [0x0A]).write(to: URL(fileURLWithPath: "\(folder)/pack.json"))
            var missing = 0
            for file in Set(pack.stickers.flatMap { [$0.image?.x1, $0.image?.x2, $0.image?.x3].compactMap { $0 } }) {
                if let images, fm.fileExists(atPath: "\(images)/\(file)") {
                    try? fm.removeItem(atPath: "\(folder)/\(file)")
                    try fm.copyItem(atPath: "\(images)/\(file)", toPath: "\(folder)/\(file)")
                } else {
                    missing += 1
                }
            }
            print("\(folder)/pack.json: \(pack.kind.rawValue) pack, \(pack.stickers.count) stickers"
                  + (missing > 0 ? ", \(missing) image files not found (pass --images DIR)" : ""))
        }
    }
}

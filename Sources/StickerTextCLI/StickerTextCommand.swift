import ArgumentParser
import Foundation
import StickerText

@main
struct StickerTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stickertext",
        abstract: "Sticker-code text: render to safe HTML, edit like a text field, count under an input policy.",
        subcommands: [Render.self, Edit.self, Count.self, Search.self, Packs.self, Import.self, Export.self]
    )
}

/// `--packs DIR`: a folder of `<pack-id>/pack.json`; without it, the embedded default packs.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: "A folder of <pack-id>/pack.json packs (default: the embedded packs).")
    var packs: String?

    func catalog() throws -> StickerCatalog {
        do {
            return try StickerCatalog.load(packs: packs)
        } catch {
            throw ValidationError("invalid packs:\n\(error)")
        }
    }
}

import ArgumentParser
import StickerText
import StickerTextJSON

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

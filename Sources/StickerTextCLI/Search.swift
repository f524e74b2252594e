import ArgumentParser
import Foundation
import StickerText
import StickerTextJSON

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find stickers by code, Chinese or English name, pinyin or initials (as GET /api/stickers does).")

    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "How many results, 1–100.") var limit = StickerCatalog.defaultSearchLimit
    @Flag(help: "Answer GET /api/stickers' JSON instead of one line per sticker.") var json = false
    @Argument(help: "What to look for: [xk, xiaoku, 笑, smile…") var query: String

    func run() throws {
        let catalog = try catalogOptions.catalog()
        let results: [SearchResult]
        do {
            results = try catalog.search(query, limit: limit)
        } catch {
            // Answered as GET /api/stickers answers it, the one wording of a refused search.
            let refusal = APIError(error)
            if json {
                FileHandle.standardOutput.write(Data(refusal.jsonBody + [0x0A]))
            } else {
                FileHandle.standardError.write(Data("stickertext search: \(refusal.message)\n".utf8))
            }
            throw ExitCode(2)
        }
        if json {
            FileHandle.standardOutput.write(Data(catalog.searchDocument(results) + [0x0A]))
            return
        }
        // One line each: what to type (or the emoji), the names, where it is, how it matched.
        for result in results {
            let pack = catalog.packs[result.packIndex]
            let sticker = pack.stickers[result.stickerIndex]
            print(
                "\(sticker.tag ?? sticker.emoji ?? "")\t\(sticker.name.zh) / \(sticker.name.en)\t\(pack.id)\t\(result.match.rawValue)"
            )
        }
    }
}

import ArgumentParser
import Foundation
import StickerText
import StickerTextJSON

struct Packs: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List or validate sticker packs.",
        subcommands: [List.self, Validate.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List packs and their stickers.")
        @OptionGroup var catalogOptions: CatalogOptions

        func run() throws {
            for pack in try catalogOptions.catalog().packs {
                print(
                    "\(pack.id)\t\(pack.kind.rawValue)\t\(pack.stickers.count) stickers\t\(pack.title.zh) / \(pack.title.en)"
                )
                for sticker in pack.stickers {
                    print(
                        "  " + ([sticker.emoji ?? ""] + sticker.codes).filter { !$0.isEmpty }.joined(separator: " ")
                            + "\t\(sticker.name.zh) / \(sticker.name.en)")
                }
            }
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a packs folder; every problem names its file and entry.")
        @Argument(help: "The packs folder.") var directory = "public/stickers"

        func run() throws {
            do {
                let catalog = try StickerCatalog.load(directory: directory)
                // A catalog's codes are unique: each one its sticker answers to.
                let stickers = catalog.packs.flatMap(\.stickers)
                let codes = stickers.reduce(0) { $0 + $1.codes.count }
                print("ok: \(catalog.packs.count) packs, \(stickers.count) stickers, \(codes) codes")
            } catch {
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                throw ExitCode(1)
            }
        }
    }
}

import ArgumentParser

@main
struct StickerTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stickertext",
        abstract: "Sticker-code text: render to safe HTML, edit like a text field, count under an input policy.",
        subcommands: [Render.self, Edit.self, Count.self, Search.self, Packs.self, Import.self, Export.self]
    )
}

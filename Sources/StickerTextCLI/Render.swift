import ArgumentParser
import Foundation
import StickerText
import StickerTextJSON

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render stdin (plain text with [tag] codes) as HTML on stdout.")

    @OptionGroup var catalogOptions: CatalogOptions
    // Written as text and read by RenderOptions' one decoder, like a query string's.
    @Option(help: "Prefix of image URLs: / or an absolute http(s) URL for embedding elsewhere (default /).")
    var baseURL: String?
    @Option(help: "Sticker height in CSS pixels, 8 to 512 (default 20).") var size: String?
    @Option(help: "Class of each sticker <img> (default sticker).") var className: String?
    @Flag(help: "Keep newlines as they are instead of writing <br>.") var noLineBreaks = false
    @Flag(help: "Wrap Unicode emoji in <span class=\"emoji\">.") var wrapEmoji = false
    @Option(help: "Language of each sticker's aria-label, its name for screen readers: zh or en (default zh).")
    var lang: String?
    @Flag(help: #"Batch mode: one JSON render request {"text","options"?} per line, one JSON response per line."#)
    var jsonl = false

    /// The flags given, by option name.
    private var givenOptions: [(name: String, value: String)] {
        var given: [(name: String, value: String)] = []
        if let baseURL { given.append((RenderOptions.Field.baseURL.rawValue, baseURL)) }
        if let size { given.append((RenderOptions.Field.size.rawValue, size)) }
        if let className { given.append((RenderOptions.Field.className.rawValue, className)) }
        if noLineBreaks { given.append((RenderOptions.Field.lineBreaks.rawValue, "false")) }
        if wrapEmoji { given.append((RenderOptions.Field.wrapEmoji.rawValue, "true")) }
        if let lang { given.append((RenderOptions.Field.lang.rawValue, lang)) }
        return given
    }

    func validate() throws {
        // Each request carries its own options; flags that would be ignored are refused.
        if jsonl && !givenOptions.isEmpty {
            throw ValidationError("with --jsonl, options come from each request's \"options\", not from flags")
        }
        do {
            _ = try RenderOptions(textValues: givenOptions)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        if jsonl {
            let api = StickerTextAPI(catalog: try catalogOptions.catalog())
            return answerEachLine { body throws(APIError) in try api.render(body) }
        }
        let renderer = try HTMLRenderer(
            catalog: catalogOptions.catalog(), options: RenderOptions(textValues: givenOptions))
        let html = try renderer.render(utf8: FileHandle.standardInput.readDataToEndOfFile())
        FileHandle.standardOutput.write(Data(html.utf8))
    }
}

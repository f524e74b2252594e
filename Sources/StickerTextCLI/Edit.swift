import ArgumentParser
import StickerTextJSON

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply an edit: a JSON request on stdin, the JSON response on stdout.",
        discussion:
            #"Example: echo '{"text":"ab","selection":{"location":1,"length":0},"op":"paste","string":"[哈哈]"}' | stickertext edit"#
    )
    @OptionGroup var catalogOptions: CatalogOptions
    @Flag(help: "Batch mode: one JSON request per line of stdin, one JSON response per line of stdout.") var jsonl =
        false

    func run() throws {
        let api = StickerTextAPI(catalog: try catalogOptions.catalog())
        try answer(jsonl: jsonl) { body throws(APIError) in try api.edit(body) }
    }
}

import ArgumentParser
import StickerTextJSON

struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count a text under a policy: a JSON request on stdin, the JSON response on stdout.",
        discussion:
            #"Example: echo '{"text":"你好[微笑]","policy":{"maxLength":10,"countMode":"gb18030"}}' | stickertext count"#)
    @OptionGroup var catalogOptions: CatalogOptions
    @Flag(help: "Batch mode: one JSON request per line of stdin, one JSON response per line of stdout.") var jsonl =
        false

    func run() throws {
        let api = StickerTextAPI(catalog: try catalogOptions.catalog())
        try answer(jsonl: jsonl) { body throws(APIError) in try api.count(body) }
    }
}

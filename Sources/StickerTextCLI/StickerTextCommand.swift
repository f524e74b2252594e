import ArgumentParser
import Foundation
import StickerText

@main
struct StickerTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stickertext",
        abstract: "Sticker-code text: render to safe HTML, edit like a text field, count under an input policy.",
        subcommands: [Render.self, Edit.self, Count.self, Packs.self, Import.self]
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

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render stdin (plain text with [tag] codes) as HTML on stdout.")

    @OptionGroup var catalogOptions: CatalogOptions
    // Written as text and read by RenderOptions' one decoder, like a query string's.
    @Option(help: "Prefix of image URLs: / or an absolute http(s) URL for embedding elsewhere (default /).") var baseURL: String?
    @Option(help: "Sticker height in CSS pixels, 8 to 512 (default 20).") var size: String?
    @Option(help: "Class of each sticker <img> (default sticker).") var className: String?
    @Flag(help: "Keep newlines as they are instead of writing <br>.") var noLineBreaks = false
    @Flag(help: "Wrap Unicode emoji in <span class=\"emoji\">.") var wrapEmoji = false
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
        let renderer = try HTMLRenderer(catalog: catalogOptions.catalog(), options: RenderOptions(textValues: givenOptions))
        let html = try renderer.render(utf8: FileHandle.standardInput.readDataToEndOfFile())
        FileHandle.standardOutput.write(Data(html.utf8))
    }
}

/// Reads a JSON request on stdin, writes the JSON response (or `{"error"}`) on stdout.
private func answer(_ handler: (Data) throws(APIError) -> [UInt8]) throws {
    do {
        FileHandle.standardOutput.write(Data(try handler(FileHandle.standardInput.readDataToEndOfFile()) + [0x0A]))
    } catch {
        FileHandle.standardOutput.write(Data(error.jsonBody + [0x0A]))
        throw ExitCode(2)
    }
}

/// `--jsonl`: each line of stdin is a request and gets one line on stdout, in
/// order: the response or its `{"error"}` (a bad request is an answer, so the
/// exit code stays 0). A final "\n" ends the last line, not an empty request;
/// a "\r" stays in its line. Made for thousands of requests per process: stdin
/// is read once, lines are slices of it, stdout goes out in 64 KB chunks.
private func answerEachLine(_ handler: (ArraySlice<UInt8>) throws(APIError) -> [UInt8]) {
    let input = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    let chunk = 1 << 16
    var output: [UInt8] = []
    output.reserveCapacity(2 * chunk)
    var start = 0
    while start < input.count {
        let end = input[start...].firstIndex(of: 0x0A) ?? input.count
        do {
            output += try handler(input[start ..< end])
        } catch {
            output += error.jsonBody
        }
        output.append(0x0A)
        if output.count >= chunk {
            FileHandle.standardOutput.write(Data(output))
            output.removeAll(keepingCapacity: true)
        }
        start = end + 1
    }
    if !output.isEmpty { FileHandle.standardOutput.write(Data(output)) }
}

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply an edit: a JSON request on stdin, the JSON response on stdout.",
        discussion: #"Example: echo '{"text":"ab","selection":{"location":1,"length":0},"op":"paste","string":"[哈哈]"}' | stickertext edit"#)
    @OptionGroup var catalogOptions: CatalogOptions
    @Flag(help: "Batch mode: one JSON request per line of stdin, one JSON response per line of stdout.") var jsonl = false

    func run() throws {
        let api = StickerTextAPI(catalog: try catalogOptions.catalog())
        if jsonl { return answerEachLine { body throws(APIError) in try api.edit(body) } }
        try answer { body throws(APIError) in try api.edit(body) }
    }
}

struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count a text under a policy: a JSON request on stdin, the JSON response on stdout.",
        discussion: #"Example: echo '{"text":"你好[微笑]","policy":{"maxLength":10,"countMode":"gb18030"}}' | stickertext count"#)
    @OptionGroup var catalogOptions: CatalogOptions
    @Flag(help: "Batch mode: one JSON request per line of stdin, one JSON response per line of stdout.") var jsonl = false

    func run() throws {
        let api = StickerTextAPI(catalog: try catalogOptions.catalog())
        if jsonl { return answerEachLine { body throws(APIError) in try api.count(body) } }
        try answer { body throws(APIError) in try api.count(body) }
    }
}

struct Packs: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List or validate sticker packs.",
                                                    subcommands: [List.self, Validate.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List packs and their stickers.")
        @OptionGroup var catalogOptions: CatalogOptions

        func run() throws {
            for pack in try catalogOptions.catalog().packs {
                print("\(pack.id)\t\(pack.kind.rawValue)\t\(pack.stickers.count) stickers\t\(pack.title.zh) / \(pack.title.en)")
                for sticker in pack.stickers {
                    print("  " + ([sticker.emoji ?? ""] + sticker.codes).filter { !$0.isEmpty }.joined(separator: " ")
                          + "\t\(sticker.name.zh) / \(sticker.name.en)")
                }
            }
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check a packs folder; every problem names its file and entry.")
        @Argument(help: "The packs folder.") var directory = "public/stickers"

        func run() throws {
            do {
                let catalog = try StickerCatalog.load(directory: directory)
                print("ok: \(catalog.packs.count) packs, \(catalog.packs.reduce(0) { $0 + $1.stickers.count }) stickers, \(catalog.entries.count) codes")
            } catch {
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                throw ExitCode(1)
            }
        }
    }
}

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

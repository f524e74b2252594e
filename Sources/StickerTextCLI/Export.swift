import ArgumentParser
import Foundation
import StickerText
import StickerTextPacks

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export packs to another system's format: Mastodon, Misskey, Pleroma, Matrix or Slack.",
        discussion: """
            mastodon: a tar.gz for tootctl emoji import. mastodon-api: a custom_emojis document. misskey: a zip for \
            Misskey's import. pleroma: a pack zip (one pack), or, when --out does not end in .zip, a pack folder \
            for Pleroma's static/emoji/. matrix: an MSC2545 image pack's content (one pack). slack: an \
            emoji.list document. A document's pictures go to the folder beside it, named as it without \
            its extension. A name the format cannot take is renamed (ASCII ones from each code's pinyin: xiaoku), \
            each rename listed in a note; so are pictures over the format's size limit. A file there already is \
            refused unless --overwrite.
            """)

    @Option(
        help: "The format to write: \(PackFormat.allCases.filter(\.canExport).map(\.rawValue).joined(separator: ", "))."
    )
    var to: String
    @Option(name: .customLong("pack"), help: "A pack to export (repeat for several; default: all the picture packs).")
    var packIDs: [String] = []
    @Option(help: "The host in the URLs a format needs (https://HOST/emoji/…, mxc://HOST/…).") var host = "localhost"
    @Option(
        help:
            "Matrix: a JSON object of shortcodes (or exported file names) to the mxc:// URLs your homeserver gave the uploaded pictures."
    )
    var mediaMap: String?
    @Option(help: "The file to write.") var out: String
    @Flag(help: "Write over the file (and a document's picture folder) if there already (default: refuse).")
    var overwrite = false
    @Argument(help: "The packs folder.") var directory = "public/stickers"

    func run() throws {
        guard let format = PackFormat(rawValue: to), format.canExport else {
            throw ValidationError(
                "--to must be one of: \(PackFormat.allCases.filter(\.canExport).map(\.rawValue).joined(separator: ", "))"
            )
        }
        do {
            let export = try PackConversion.exportPacks(
                from: URL(fileURLWithPath: directory, isDirectory: true), packIDs: packIDs,
                format: format, to: URL(fileURLWithPath: out), host: host,
                mediaMap: mediaMap.map { URL(fileURLWithPath: $0) }, overwrite: overwrite)
            print("\(out): \(format.rawValue), \(export.written.count) files written")
            for note in export.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}

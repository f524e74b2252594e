import ArgumentParser
import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Import packs from another system's format: Mastodon, Misskey, Pleroma, Matrix, Slack, Discord, Telegram, or the iOS originals' plists.",
        discussion: """
            mastodon: tootctl's tar.gz. mastodon-api: a GET /api/v1/custom_emojis document, or the instance's URL of \
            it. misskey: Misskey's export zip. misskey-api: a GET /api/emojis document, or its URL. pleroma: a \
            Pleroma or Akkoma pack zip, pack folder (pack.json, emoji.txt or pictures) or emoji.txt (its paths below \
            --images STATIC-DIR, by default its pack folder). matrix: an MSC2545 image pack's content, its state \
            event, or a room's state. slack: an emoji.list answer. discord: a server's GET /guilds/{id}, /emojis or \
            /stickers answer, or a sticker pack, its pictures saved by id (12.png, emojis/12.gif). telegram: a \
            getStickerSet answer, its files saved by file_unique_id, file_id or place (000.webp), or a folder as \
            sticker-convert downloads a set; TGS, WebM and Lottie stickers are named, to be converted to APNG or GIF \
            first. A document's pictures are in --images DIR (by default the folder beside it, named as it without \
            its extension); from a URL they are fetched. Every emoji with a problem is named at once; --skip-invalid \
            imports the others. A code the packs folder has is skipped, with a note, unless --overwrite. ppsticker, \
            lxweibo: the plists of PPStickerKeyboard and LXWeibo, their images in the plist's folder (or --images \
            DIR).
            """)

    @Option(
        name: [.customLong("from"), .customLong("format")],
        help: "The source's format: \(PackFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: String
    @Option(help: "The new pack's id (its folder name), or the start of one per category (default: the source's name).")
    var id: String?
    @Option(help: "Chinese title.") var titleZh: String?
    @Option(help: "English title.") var titleEn: String?
    @Option(help: "Folder holding the images the source names; they are copied into the pack.") var images: String?
    @Option(help: "Packs folder to write <id>/pack.json into.") var out = "public/stickers"
    @Flag(help: "Import the emoji that have no problem, and name the others in a note.") var skipInvalid = false
    @Option(help: "Put before every shortcode (tootctl's --prefix): blob becomes [PREFIXblob].") var prefix = ""
    @Option(help: "Put after every shortcode (tootctl's --suffix).") var suffix = ""
    @Flag(
        help: "A code the packs folder has already goes to the imported sticker (default: the imported one is skipped)."
    )
    var overwrite = false
    @Flag(help: "Read and check everything, print the same report, and write nothing.") var dryRun = false
    @Flag(help: "Mark every imported sticker unlisted (tootctl's --unlisted): kept in pack.json, carried to Mastodon.")
    var unlisted = false
    @Option(help: "Most files (and emoji) one import reads (default 2048).") var maxFiles: Int?
    @Option(help: "Most bytes of one file, expanded (default 2 MiB).") var maxFileBytes: Int?
    @Option(help: "Most bytes of all the files, expanded (default 64 MiB).") var maxBytes: Int?
    @Option(help: "Seconds one fetch from an instance may take (default 30).") var timeout: Double?
    @Option(help: "Seconds a whole import from an instance may take (default 900).") var totalTimeout: Double?
    @Flag(
        help:
            "Fetch from the instance's URL even on a private or loopback address (its host and port only; pictures elsewhere must be public)."
    )
    var allowPrivateHost = false
    @Argument(help: "The source: an archive, a JSON document, an instance's URL of one, or a plist.") var source: String

    func run() throws {
        guard let format = PackFormat(rawValue: format) else {
            throw ValidationError(
                "--from must be one of: \(PackFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var options = ImportOptions(
            images: images.map { URL(fileURLWithPath: $0, isDirectory: true) }, id: id,
            title: titleZh.map { zh in LocalizedName(zh: zh, en: titleEn ?? zh) }
                ?? titleEn.map { LocalizedName(zh: $0, en: $0) },
            skipInvalid: skipInvalid, prefix: prefix, suffix: suffix, unlisted: unlisted)
        for (value, name) in [
            (maxFiles, "--max-files"), (maxFileBytes, "--max-file-bytes"), (maxBytes, "--max-bytes"),
        ]
        where value.map({ $0 < 1 }) == true {
            throw ValidationError("\(name) must be at least 1")
        }
        options.limits.maxFiles = maxFiles ?? options.limits.maxFiles
        options.limits.maxFileBytes = maxFileBytes ?? options.limits.maxFileBytes
        options.limits.maxTotalBytes = maxBytes ?? options.limits.maxTotalBytes
        if let timeout {
            guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds") }
            options.limits.requestSeconds = timeout
        }
        if let totalTimeout {
            guard totalTimeout > 0 else { throw ValidationError("--total-timeout must be more than 0 seconds") }
            options.totalSeconds = totalTimeout
        }
        options.allowPrivateHost = allowPrivateHost
        let url =
            source.hasPrefix("http://") || source.hasPrefix("https://")
            ? URL(string: source) : URL(fileURLWithPath: source)
        guard let url else { throw ValidationError("\(source) is not a URL") }
        // The total ends every import, as tootctl's does; a dry run's says nothing was written.
        let unwritten = dryRun ? " (--dry-run: nothing written)" : ""
        do {
            let imported = try PackConversion.importPacks(from: url, format: format, options: options)
            let written = try PackConversion.write(
                imported.packs, into: URL(fileURLWithPath: out, isDirectory: true),
                collisions: overwrite ? .overwrite : .skip, dryRun: dryRun)
            for (file, pack) in zip(written.files, written.packs) {
                print("\(file.path): \(pack.kind.rawValue) pack, \(pack.stickers.count) stickers")
            }
            for note in imported.notes + written.notes {
                FileHandle.standardError.write(Data("note: \(note)\n".utf8))
            }
            print("\(ImportTotals(imported, written))\(unwritten)")
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            print("\(ImportTotals(refused: error)) (nothing written)")
            throw ExitCode(1)
        }
    }
}

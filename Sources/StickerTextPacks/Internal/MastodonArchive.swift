import Foundation
import StickerText

/// Mastodon's `tootctl emoji import` and `export` archive: a tar.gz of image
/// files, each named `<shortcode>.<ext>`. tootctl imports the `.png` and
/// `.gif` files of any folder in it, by the file's name, and passes over
/// macOS's `._` shadow files; the category is a command-line option, not in
/// the archive. Holds: the shortcode and the picture. Not: names, aliases,
/// category, licence, posters (Mastodon makes its own still).
enum MastodonArchive {
    static func read(_ archive: ArchiveFiles, request: PackAssembly.Request) throws(InputError)
        -> PackImport
    {
        var emoji: [ForeignEmoji] = []
        var passed: [String] = []
        for path in archive.paths {
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let parts = file.split(separator: ".", omittingEmptySubsequences: false)
            let ext = parts.count > 1 ? parts.last!.lowercased() : ""
            guard ["png", "gif"].contains(ext), !file.hasPrefix("._") else {
                passed.append(path)
                continue
            }
            emoji.append(ForeignEmoji(shortcode: parts.dropLast().joined(separator: "."), image: path, entry: path))
        }
        var request = request
        request.file = archive.label
        var result = try PackAssembly.packs(emoji, from: archive, request: request)
        result.note("passed over as tootctl does (not .png or .gif, or macOS ._ files)", listing: passed)
        return result
    }

    static func write(_ packs: OutgoingPacks, to output: URL) throws(InputError) -> PackExport {
        var notes: [String] = []
        var files: [(path: String, bytes: [UInt8])] = []
        for emoji in packs.emoji {
            guard emoji.format != .webp else {
                notes.append(
                    "\(emoji.pack.id) \(emoji.sticker.tag ?? ""): left out, a WebP (tootctl imports .png and .gif files only)"
                )
                continue
            }
            files.append((emoji.fileName, emoji.image))
        }
        try SystemTar.write(files, to: output)
        let unlisted = packs.emoji.filter { $0.sticker.unlisted && $0.format != .webp }.map(\.shortcode)
        if !unlisted.isEmpty {
            notes.append(
                "mastodon: unlisted, which tootctl's archive has no room for (import them apart with tootctl emoji import --unlisted): \(unlisted.joined(separator: ", "))"
            )
        }
        notes.append(
            "mastodon: shortcodes and pictures only; names, aliases, titles and licences have no place in tootctl's archive"
        )
        return PackExport(written: [output.path], notes: notes)
    }
}

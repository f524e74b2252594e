import Foundation
import StickerText

/// Packs in and out of other systems' formats. Errors, like `pack.json`'s,
/// name the file and the field: `meta.json: emojis[3].emoji.name: missing …`.
public enum PackConversion {
    /// Reads `source` (an archive, or a JSON document whose images are in
    /// `images`, by default the folder beside it named as the document
    /// without its extension) as packs. `id`: the pack id, or the start of
    /// each category's; by default the source's name in lower case.
    public static func importPacks(
        from source: URL, format: PackFormat, images: URL? = nil, id: String? = nil,
        title: LocalizedName? = nil, limits: ArchiveLimits = .default
    ) throws(CatalogValidationError) -> PackImport {
        let stem = source.lastPathComponent.split(separator: ".").first.map(String.init) ?? "pack"
        let slug = PackAssembly.slug(stem)
        let request = PackAssembly.Request(
            id: id ?? (slug.isEmpty ? "imported" : String(slug.prefix(64))), title: title,
            file: source.lastPathComponent)
        let folder = images ?? source.deletingLastPathComponent().appendingPathComponent(stem, isDirectory: true)
        switch format {
        case .ppsticker, .lxweibo:
            throw problem(
                source.path, nil,
                "\(format.rawValue) plists are read by `stickertext import --from \(format.rawValue)` with --id and --images"
            )
        case .mastodon:
            return try MastodonArchive.read(SystemTar.read(source, limits: limits), request: request)
        case .mastodonAPI:
            return try MastodonAPI.read(
                document(source, limits: limits), images: FolderFiles(root: folder, limits: limits), request: request)
        case .misskey:
            return try MisskeyExport.read(ZipArchive.read(source, limits: limits), request: request)
        case .pleroma:
            return try PleromaPack.read(ZipArchive.read(source, limits: limits), request: request)
        case .matrix:
            return try MatrixImagePack.read(
                document(source, limits: limits), images: FolderFiles(root: folder, limits: limits), request: request)
        case .slack:
            return try SlackEmojiList.read(
                document(source, limits: limits), images: FolderFiles(root: folder, limits: limits), request: request)
        }
    }

    /// Writes `packs` as `<id>/pack.json` folders into `directory`, after
    /// checking them as the server checks a packs folder, together with the
    /// packs already there (a code may name one sticker only). A pack of the
    /// same id there is replaced. Answers each `pack.json` written.
    public static func write(_ packs: [ImportedPack], into directory: URL) throws(CatalogValidationError) -> [URL] {
        try PackWriter.write(packs, into: directory)
    }

    /// Writes the packs of `directory` (all of them, or those of `packIDs`)
    /// to `output` in `format`. A document format's images go to the folder
    /// beside it named as it without its extension. `host` makes the URLs a
    /// format needs (`https://<host>/emoji/…`, `mxc://<host>/…`).
    public static func exportPacks(
        from directory: URL, packIDs: [String] = [], format: PackFormat, to output: URL,
        host: String = "localhost"
    ) throws(CatalogValidationError) -> PackExport {
        let outgoing = try OutgoingPacks.load(directory, packIDs: packIDs, format: format)
        let stem = output.lastPathComponent.split(separator: ".").first.map(String.init) ?? "export"
        let folder = output.deletingLastPathComponent().appendingPathComponent(stem, isDirectory: true)
        var export: PackExport
        switch format {
        case .ppsticker, .lxweibo:
            throw problem(
                output.path, nil,
                "\(format.rawValue) is read, not written: export to one of \(PackFormat.allCases.filter(\.canExport).map(\.rawValue).joined(separator: ", "))"
            )
        case .mastodon: export = try MastodonArchive.write(outgoing, to: output)
        case .mastodonAPI: export = try MastodonAPI.write(outgoing, to: output, images: folder, host: host)
        case .misskey: export = try MisskeyExport.write(outgoing, to: output, host: host)
        case .pleroma: export = try PleromaPack.write(outgoing, to: output)
        case .matrix: export = try MatrixImagePack.write(outgoing, to: output, images: folder, host: host)
        case .slack: export = try SlackEmojiList.write(outgoing, to: output, images: folder, host: host)
        }
        export.notes = outgoing.notes + export.notes
        return export
    }

    /// A JSON document of an import, read within the limits for one file.
    private static func document(_ url: URL, limits: ArchiveLimits) throws(CatalogValidationError) -> (
        name: String, bytes: [UInt8]
    ) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        if size > limits.maxFileBytes {
            throw problem(
                url.lastPathComponent, nil, "\(size) bytes, over the limit of \(limits.maxFileBytes) for one file")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw problem(url.path, nil, "cannot be read")
        }
        return (url.lastPathComponent, Array(data))
    }
}

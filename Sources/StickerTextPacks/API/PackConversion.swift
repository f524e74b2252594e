import Foundation
import StickerText

/// Packs in and out of other systems' formats. Errors, like `pack.json`'s,
/// name the file and the field: `meta.json: emojis[3].emoji.name: missing …`.
public enum PackConversion {
    /// Reads `source` as packs: an archive; a JSON document whose images are
    /// in `options.images`, by default the folder beside it named as the
    /// document without its extension (a plist's: the folder it is in, where
    /// the iOS originals keep them); or, for a format that `canFetch`, an
    /// instance's http or https URL, whose pictures are fetched too. Every
    /// emoji with a problem is named, all at once (or left out with
    /// `options.skipInvalid`).
    public static func importPacks(from source: URL, format: PackFormat, options: ImportOptions = .init())
        throws(InputError) -> PackImport
    {
        let limits = options.limits
        let remote = source.scheme.map { ["http", "https"].contains($0.lowercased()) } ?? false
        if remote && !format.canFetch {
            throw problem(
                source.absoluteString, nil,
                "\(format.rawValue) is read from a file; an instance's URL is read as \(PackFormat.allCases.filter(\.canFetch).map(\.rawValue).joined(separator: " or "))"
            )
        }
        if remote && options.images != nil {
            throw problem(
                source.absoluteString, nil, "the pictures of an instance's list are fetched, not read from --images")
        }
        // Pleroma's pack is a zip, a folder, or the emoji.txt of its folder: named after the folder
        // (a Telegram set may be a folder too).
        var isFolder: ObjCBool = false
        let sourceIsFolder =
            !remote && FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) && isFolder.boolValue
        let pleromaFolder = format == .pleroma && sourceIsFolder
        let pleromaText = format == .pleroma && !pleromaFolder && source.pathExtension.lowercased() != "zip"
        let stem =
            remote
            ? (source.host ?? "instance")
            : (pleromaText ? source.deletingLastPathComponent() : source).lastPathComponent.split(separator: ".")
                .first.map(String.init) ?? "pack"
        let slug = PackAssembly.slug(stem)
        var request = PackAssembly.Request(
            id: options.id ?? (slug.isEmpty ? "imported" : String(slug.prefix(64))), title: options.title,
            file: remote ? source.absoluteString : source.lastPathComponent)
        request.idFromFileName = options.id == nil && !remote
        request.skipInvalid = options.skipInvalid
        request.prefix = options.prefix
        request.suffix = options.suffix
        request.unlisted = options.unlisted
        request.maxEmoji = limits.maxFiles
        let folder =
            options.images ?? source.deletingLastPathComponent().appendingPathComponent(stem, isDirectory: true)
        let web = remote ? WebFiles(base: source, options: options) : nil
        let pictures: PictureSource = web.map { .web($0) } ?? .folder(FolderFiles(root: folder, limits: limits))
        func document() throws(InputError) -> (name: String, bytes: [UInt8]) {
            if let web { try web.document() } else { try localDocument(source, limits: limits) }
        }
        switch format {
        case .ppsticker, .lxweibo:
            // The originals keep the images beside the plist.
            let images = FolderFiles(root: options.images ?? source.deletingLastPathComponent(), limits: limits)
            return try PlistImport.read(
                document(), format: format == .ppsticker ? .ppsticker : .lxweibo, images: images, request: request)
        case .mastodon:
            return try MastodonArchive.read(SystemTar.read(source, limits: limits), request: request)
        case .mastodonAPI:
            return try MastodonAPI.read(document(), images: pictures, request: request)
        case .misskeyAPI:
            return try MisskeyAPI.read(document(), images: pictures, request: request)
        case .misskey:
            return try MisskeyExport.read(ZipArchive.read(source, limits: limits), request: request)
        case .pleroma where pleromaFolder:
            return try PleromaPack.readFolder(
                FolderFiles(root: source, limits: limits), name: source.lastPathComponent, request: request)
        case .pleroma where pleromaText:
            // In its pack folder, or, with --images, below the instance's static folder.
            return try PleromaPack.readEmojiText(
                document(),
                images: FolderFiles(root: options.images ?? source.deletingLastPathComponent(), limits: limits),
                packFolder: options.images == nil ? source.deletingLastPathComponent().lastPathComponent : nil,
                request: request)
        case .pleroma:
            let archive = try ZipArchive.read(source, limits: limits)
            return try PleromaPack.read(archive, label: "\(archive.label): ", request: request)
        case .matrix:
            return try MatrixImagePack.read(
                document(), images: FolderFiles(root: folder, limits: limits), request: request)
        case .slack:
            return try SlackEmojiList.read(document(), images: pictures, request: request)
        case .discord:
            return try DiscordEmoji.read(
                document(), images: FolderFiles(root: folder, limits: limits), request: request)
        case .telegram where sourceIsFolder:
            // A set as sticker-convert downloads it.
            return try TelegramStickerSet.readFolder(
                FolderFiles(root: source, limits: limits), name: source.lastPathComponent, request: request)
        case .telegram:
            return try TelegramStickerSet.read(
                document(), images: FolderFiles(root: folder, limits: limits), request: request)
        }
    }

    /// Writes `packs` as `<id>/pack.json` folders into `directory`, after
    /// checking them as the server checks a packs folder, together with the
    /// packs already there (a code may name one sticker only). A pack of the
    /// same id there is replaced; a code another pack there has is resolved
    /// as `collisions` says, an alias one has becomes a search keyword.
    /// `dryRun` checks all of it and tells what would be written, writing nothing.
    public static func write(
        _ packs: [ImportedPack], into directory: URL, collisions: CodeCollision = .skip, dryRun: Bool = false
    ) throws(InputError) -> WrittenPacks {
        try PackWriter.write(packs, into: directory, collisions: collisions, dryRun: dryRun)
    }

    /// Writes the packs of `directory` (all of them, or those of `packIDs`)
    /// to `output` in `format`. A document format's images go to the folder
    /// beside it named as it without its extension. `host` makes the URLs a
    /// format needs (`https://<host>/emoji/…`, `mxc://<host>/…`);
    /// `mediaMap`, a JSON object of shortcodes or file names to the
    /// `mxc://` URLs a homeserver gave the uploaded pictures, gives a Matrix
    /// export those rather than made-up ones. A file there already (the
    /// output, or a picture of the folder beside a document) is refused, as
    /// tootctl refuses a shortcode it has, unless `overwrite`.
    public static func exportPacks(
        from directory: URL, packIDs: [String] = [], format: PackFormat, to output: URL,
        host: String = "localhost", mediaMap: URL? = nil, overwrite: Bool = false
    ) throws(InputError) -> PackExport {
        if mediaMap != nil && format != .matrix {
            throw problem(
                output.path, nil, "a media map is for a Matrix export (its mxc:// URLs), not \(format.rawValue)")
        }
        let outgoing = try OutgoingPacks.load(directory, packIDs: packIDs, format: format)
        let stem = output.lastPathComponent.split(separator: ".").first.map(String.init) ?? "export"
        let folder = output.deletingLastPathComponent().appendingPathComponent(stem, isDirectory: true)
        if !overwrite {
            try refuseExisting(output, folder: false)
            if format.isDocumentWithImageFolder { try refuseExisting(folder, folder: true) }
        }
        var export: PackExport
        switch format {
        case .ppsticker, .lxweibo, .misskeyAPI, .discord, .telegram:
            throw problem(
                output.path, nil,
                "\(format.rawValue) is read, not written: export to one of \(PackFormat.allCases.filter(\.canExport).map(\.rawValue).joined(separator: ", "))"
            )
        case .mastodon: export = try MastodonArchive.write(outgoing, to: output)
        case .mastodonAPI: export = try MastodonAPI.write(outgoing, to: output, images: folder, host: host)
        case .misskey: export = try MisskeyExport.write(outgoing, to: output, host: host)
        case .pleroma: export = try PleromaPack.write(outgoing, to: output)
        case .matrix:
            let map = try mediaMap.map { (url) throws(InputError) in try MatrixMediaMap.read(url) }
            export = try MatrixImagePack.write(
                outgoing, to: output, images: folder, host: host, mediaMap: map, overwrite: overwrite)
        case .slack: export = try SlackEmojiList.write(outgoing, to: output, images: folder, host: host)
        }
        export.notes = outgoing.notes + export.notes
        return export
    }

    /// Refuses to write over `url`: a file, or, where a document's pictures
    /// go (`folder`), a folder with anything in it. A folder as the output is
    /// left to its writer: Pleroma's pack folder goes into a new or empty one,
    /// `overwrite` or not.
    static func refuseExisting(_ url: URL, folder: Bool) throws(InputError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue
            && (!folder || ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).isEmpty)
        {
            return
        }
        throw problem(
            url.path, nil,
            "\(isFolder.boolValue ? "is a folder with files in it" : "exists already"): export --overwrite writes over it"
        )
    }

    /// A JSON document of an import, read within the limits for one document.
    private static func localDocument(_ url: URL, limits: ArchiveLimits) throws(InputError) -> (
        name: String, bytes: [UInt8]
    ) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        if size > limits.maxDocumentBytes {
            throw problem(
                url.lastPathComponent, nil,
                "\(size) bytes, over the limit of \(limits.maxDocumentBytes) for one document")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw problem(url.path, nil, "cannot be read")
        }
        return (url.lastPathComponent, Array(data))
    }
}

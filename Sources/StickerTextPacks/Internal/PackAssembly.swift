import StickerText

/// Makes our packs from another system's emoji: one pack per category (or
/// one for all), each emoji a picture sticker `[shortcode]`, its image
/// checked (`ImageIntake`) and named after its code, the result checked as
/// any packs folder is before it is written (`PackWriter`).
enum PackAssembly {
    struct Request {
        /// The pack id, or its start when the source has several categories.
        var id: String
        /// The title given on the command line, over the one the format has.
        var title: LocalizedName?
        /// Names the document the emoji were read from, in errors.
        var file: String
        var info = ForeignPackInfo()
    }

    static func packs(_ emoji: [ForeignEmoji], from source: any FileSource, request: Request)
        throws(CatalogValidationError) -> PackImport
    {
        var notes: [String] = []
        if emoji.isEmpty { throw problem(request.file, nil, "no emoji to import") }
        // Categories in the order they first appear; the uncategorised first.
        var categories: [String?] = []
        for item in emoji where !categories.contains(where: { $0 == item.category }) {
            categories.append(item.category)
        }
        let several = categories.count > 1
        // Codes taken by a shortcode: an alias that is one is kept as a keyword.
        var codes = Set(emoji.map { "[\($0.shortcode)]" })
        var packs: [ImportedPack] = []
        for (number, category) in categories.enumerated() {
            let members = emoji.filter { $0.category == category }
            let id = several ? packID(request.id, category: category, number: number + 1) : request.id
            var files: [String: [UInt8]] = [:]
            var stickers: [Sticker] = []
            var fileNames: Set<String> = []
            for item in members {
                let tag = "[\(item.shortcode)]"
                if let why = TagSyntax.problem(in: tag) {
                    throw problem(
                        request.file, item.entry,
                        "shortcode \"\(item.shortcode)\" cannot be a sticker code \(tag): \(why)")
                }
                guard let bytes = try source.bytes(at: item.image) else {
                    throw problem(request.file, item.entry, "its image \"\(item.image)\" is not in \(source.label)")
                }
                let still = try item.still.flatMap { (path) throws(CatalogValidationError) in try source.bytes(at: path)
                }
                let image = try ImageIntake.take(
                    bytes, name: item.image, file: request.file, entry: item.entry, still: still)
                let base = uniqueFileBase(item.shortcode, index: stickers.count, taken: &fileNames)
                let name = "\(base).\(image.fileExtension)"
                files[name] = image.bytes
                var poster: StickerImage.Poster?
                if let still = image.poster, let stillImage = SniffedImage(still) {
                    let posterName =
                        "\(base)-poster.\(stillImage.format == .gif ? "gif" : stillImage.format == .webp ? "webp" : "png")"
                    files[posterName] = still
                    poster = StickerImage.Poster(x1: posterName, x2: posterName, x3: posterName)
                }
                var aliases: [String] = []
                var keywords: [String] = []
                for alias in item.aliases where alias != item.shortcode {
                    let code = "[\(alias)]"
                    if TagSyntax.problem(in: code) == nil && !codes.contains(code) {
                        codes.insert(code)
                        aliases.append(code)
                    } else {
                        let keyword = String(String.UnicodeScalarView(SearchFolding.fold(alias)))
                        if !keyword.isEmpty, keyword.unicodeScalars.count <= 64, !keywords.contains(keyword) {
                            keywords.append(keyword)
                        }
                    }
                }
                let english =
                    ShortcodeNames.isASCIIName(item.shortcode) ? item.shortcode : (item.name ?? item.shortcode)
                stickers.append(
                    Sticker(
                        tag: tag, aliases: aliases, name: LocalizedName(zh: item.name ?? item.shortcode, en: english),
                        image: StickerImage(
                            x1: name, x2: name, x3: name, width: image.sniffed.width,
                            height: image.sniffed.height, poster: poster),
                        keywords: keywords))
            }
            let licenses = members.compactMap(\.license).filter { !$0.isEmpty }
            let license =
                request.info.license
                ?? (licenses.isEmpty
                    ? nil
                    : licenses.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(
                        separator: "; "))
            let titleText = category ?? request.info.title ?? request.id
            let title = (several ? nil : request.title) ?? LocalizedName(zh: titleText, en: titleText)
            let cover = zip(members, stickers).first { $0.0.image == request.info.coverImage }?.1 ?? stickers[0]
            packs.append(
                ImportedPack(
                    pack: StickerPack(
                        id: id, title: title, cover: cover.tag ?? "", kind: .image, stickers: stickers,
                        license: license, homepage: request.info.homepage),
                    files: files))
        }
        if several {
            notes.append(
                "\(packs.count) categories became \(packs.count) packs: \(packs.map(\.pack.id).joined(separator: ", "))"
            )
        }
        return PackImport(packs: packs, notes: notes)
    }

    /// `<id>-<category's slug>`, or `<id>-<number>` for a category with no
    /// letter of a-z or digit (`微博表情`); the uncategorised keep `<id>`.
    static func packID(_ id: String, category: String?, number: Int) -> String {
        guard let category else { return id }
        let slug = slug(category)
        return String("\(id)-\(slug.isEmpty ? String(number) : slug)".prefix(64))
    }

    /// `text` in lower case with each run of other characters than a-z, 0-9
    /// and `_` made one `-`, none at the ends: a pack id's characters.
    static func slug(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" ? Character(scalar) : "-"
        }
        return String(kept).split(separator: "-").joined(separator: "-")
    }

    /// A file name for a sticker's picture: its shortcode when that is made
    /// of file-name characters, else `sticker-<n>`; never one taken already.
    private static func uniqueFileBase(_ shortcode: String, index: Int, taken: inout Set<String>) -> String {
        let safe =
            shortcode.utf8.count <= 100 && CatalogValidator.isSafeRelativePath(shortcode) && !shortcode.contains("/")
        var base = safe ? shortcode : "sticker-\(index + 1)"
        var number = 2
        while taken.contains(base.lowercased()) {
            base = "\(safe ? shortcode : "sticker-\(index + 1)")-\(number)"
            number += 1
        }
        taken.insert(base.lowercased())
        return base
    }
}

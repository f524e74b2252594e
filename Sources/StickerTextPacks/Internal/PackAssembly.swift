import StickerText

/// Makes our packs from another system's emoji: one pack per category (or
/// one for all), each emoji a picture sticker `[shortcode]` (with the
/// import's prefix and suffix), its image checked (`ImageIntake`) and named
/// after its code, its search keys from its name's pinyin (`Pinyin`). Every
/// emoji with a problem is reported, all at once, each naming its entry;
/// with `skipInvalid` the others are imported and the problems become a note.
/// The result is checked as any packs folder is before it is written (`PackWriter`).
enum PackAssembly {
    struct Request {
        /// The pack id, or its start when the source has several categories.
        var id: String
        /// The title given on the command line, over the one the format has.
        var title: LocalizedName?
        /// Names the document the emoji were read from, in errors.
        var file: String
        var info = ForeignPackInfo()
        var skipInvalid = false
        /// Put before and after each shortcode (tootctl's `--prefix`, `--suffix`).
        var prefix = ""
        var suffix = ""
        /// Every sticker unlisted (tootctl's `--unlisted`), over what the format says.
        var unlisted = false
        /// The most emoji one document may list (`ArchiveLimits.maxFiles`).
        var maxEmoji = Int.max
        /// Whether `id` is only the source's file name: a reader may name
        /// the pack after what the document calls itself (a Telegram set's name).
        var idFromFileName = false

        /// The code of `shortcode`: `[<prefix><shortcode><suffix>]`.
        func tag(_ shortcode: String) -> String { "[\(prefix)\(shortcode)\(suffix)]" }
    }

    /// An emoji whose code and picture passed, not yet a sticker.
    private struct Taken {
        var emoji: ForeignEmoji
        var tag: String
        var image: CheckedImage
    }

    /// `unreadable`: the entries the format could not read as emoji (a
    /// field of the wrong type), reported and skipped with the others.
    static func packs(
        _ emoji: [ForeignEmoji], unreadable: [StickerPack.Issue] = [], from source: any FileSource,
        request: Request
    ) throws(InputError) -> PackImport {
        if emoji.count + unreadable.count > request.maxEmoji {
            throw problem(
                request.file, nil,
                "\(emoji.count + unreadable.count) emoji, over the limit of \(request.maxEmoji) for one import (--max-files)"
            )
        }
        var notes: [String] = []
        // Swift's == holds canonically equivalent strings equal: the scalars tell a decomposed code.
        let decomposed = emoji.filter {
            !$0.shortcode.unicodeScalars.elementsEqual($0.composed.shortcode.unicodeScalars)
        }
        if !decomposed.isEmpty {
            notes.append(
                "codes written composed (NFC), as they are typed, from the source's decomposed form: "
                    + decomposed.map { request.tag($0.composed.shortcode) }.joined(separator: ", "))
        }
        let emoji = emoji.map(\.composed)
        var issues = unreadable
        var taken: [Taken] = []
        var tags: [String: String] = [:]  // tag → the entry that has it
        for item in emoji {
            do throws(InputError) {
                let image = try intake(item, from: source, request: request)
                let tag = request.tag(item.shortcode)
                if let other = tags[tag] {
                    throw problem(request.file, item.entry, "shortcode \"\(item.shortcode)\" is \(other)'s too")
                }
                tags[tag] = item.entry
                if let note = image.note { notes.append(note) }
                taken.append(Taken(emoji: item, tag: tag, image: image))
            } catch {
                issues += error.issues
            }
        }
        var skipped: [StickerPack.Issue] = []
        if !issues.isEmpty {
            guard request.skipInvalid else { throw InputError.invalidPacks(issues) }
            skipped = issues
            notes.append(skippedNote(issues, of: emoji.count + unreadable.count))
        }
        if taken.isEmpty {
            throw InputError.invalidPacks(
                [.init(file: request.file, entry: nil, message: "no emoji to import")] + skipped)
        }
        var result = assemble(taken, request: request)
        result.notes = notes + result.notes
        result.skipped = skipped
        return result
    }

    /// The emoji's code checked and its picture read and checked.
    private static func intake(_ item: ForeignEmoji, from source: any FileSource, request: Request)
        throws(InputError) -> CheckedImage
    {
        let tag = request.tag(item.shortcode)
        if let why = TagSyntax.problem(in: tag) {
            throw problem(
                request.file, item.entry, "shortcode \"\(item.shortcode)\" cannot be a sticker code \(tag): \(why)")
        }
        let bytes: [UInt8]
        switch try source.file(at: item.image) {
        case .found(let found): bytes = found
        case .missing:
            if let format = item.unconvertible {
                throw problem(
                    request.file, item.entry,
                    ImageIntake.convertFirst(
                        "it is \(format) and no picture of it is in \(source.label)")
                        + " (saved as \"\(item.image).gif\" or \".png\" there)")
            }
            throw problem(request.file, item.entry, "its image \"\(item.image)\" is not in \(source.label)")
        case .refused(let why): throw problem(request.file, item.entry, "its image \"\(item.image)\" \(why)")
        }
        var still: [UInt8]?
        if let path = item.still, case .found(let found) = try source.file(at: path) { still = found }
        return try ImageIntake.take(bytes, name: item.image, file: request.file, entry: item.entry, still: still)
    }

    /// The packs of the emoji taken: a pack per category, in the order they first appear.
    private static func assemble(_ taken: [Taken], request: Request) -> PackImport {
        // Categories in the order they first appear, each with its members.
        var categories: [String?] = []
        var membersOf: [String?: [Taken]] = [:]
        for item in taken {
            if membersOf[item.emoji.category] == nil { categories.append(item.emoji.category) }
            membersOf[item.emoji.category, default: []].append(item)
        }
        let several = categories.count > 1
        // Codes taken by a shortcode: an alias that is one is kept as a keyword.
        var codes = Set(taken.map(\.tag))
        var packs: [ImportedPack] = []
        // Categories whose ids come out alike (`Blobs`, `blobs`; `Party Time`, `party-time`; `2` and
        // the second of those with no ASCII) are told apart by a number, never refused as one id twice.
        var ids = UniqueNames()
        var categoryOf: [String: String] = [:]
        var renamed: [String] = []
        for (number, category) in categories.enumerated() {
            let members = membersOf[category] ?? []
            let wanted = several ? packID(request.id, category: category, number: number + 1) : request.id
            let id = ids.unique(wanted, numbered: { String(wanted.prefix(64 - "-\($0)".count)) + "-\($0)" })
            categoryOf[id] = category ?? ""
            if id != wanted {
                renamed.append("\"\(category ?? "")\" is \(id) (\(wanted) is \"\(categoryOf[wanted] ?? "")\"'s)")
            }
            var files: [String: [UInt8]] = [:]
            var stickers: [Sticker] = []
            var fileNames = UniqueNames(caseBlind: true)
            // The pack's licence: the format's for the pack, else the one all its emoji share; an emoji
            // whose licence is another keeps its own. Never their union, which would widen each one's terms.
            let own = members.map { $0.emoji.license.flatMap { $0.isEmpty ? nil : $0 } }
            let license = request.info.license ?? (Set(own).count == 1 ? own[0] : nil)
            for member in members {
                let item = member.emoji
                let base = fileBase(item.shortcode, index: stickers.count)
                let name = fileNames.unique(
                    "\(base).\(member.image.fileExtension)", numbered: { "\(base)-\($0).\(member.image.fileExtension)" }
                )
                files[name] = member.image.bytes
                var poster: StickerImage?
                if let still = member.image.poster, let stillImage = SniffedImage(still) {
                    // Named after the picture, and never one another sticker's picture has (`a-poster.png`).
                    let stem = "\(name.dropLast(member.image.fileExtension.count + 1))-poster"
                    let ext = stillImage.format == .gif ? "gif" : stillImage.format == .webp ? "webp" : "png"
                    let posterName = fileNames.unique("\(stem).\(ext)", numbered: { "\(stem)-\($0).\(ext)" })
                    files[posterName] = still
                    poster = StickerImage(
                        x1: posterName, x2: posterName, x3: posterName, width: member.image.sniffed.width,
                        height: member.image.sniffed.height)
                }
                var aliases: [String] = []
                // Each once, in the order met (a set: a list from anyone may hold a million).
                var keywords: [String] = []
                var seen: Set<String> = []
                func keep(_ word: String) {
                    if let keyword = searchKeyword(word), seen.insert(keyword).inserted { keywords.append(keyword) }
                }
                item.keywords.forEach(keep)
                for alias in item.aliases where alias != item.shortcode {
                    let code = "[\(alias)]"
                    if TagSyntax.problem(in: code) == nil && !codes.contains(code) {
                        codes.insert(code)
                        aliases.append(code)
                    } else {
                        keep(alias)
                    }
                }
                let english =
                    ShortcodeNames.isASCIIName(item.shortcode) ? item.shortcode : (item.name ?? item.shortcode)
                stickers.append(
                    Pinyin.withSearchKeys(
                        Sticker(
                            tag: member.tag, aliases: aliases,
                            name: LocalizedName(zh: item.name ?? item.shortcode, en: english),
                            image: StickerImage(
                                x1: name, x2: name, x3: name, width: member.image.sniffed.width,
                                height: member.image.sniffed.height, poster: poster),
                            keywords: keywords, license: own[stickers.count] == license ? nil : own[stickers.count],
                            unlisted: request.unlisted || item.unlisted)))
            }
            let titleText = category ?? request.info.title ?? request.id
            let title = (several ? nil : request.title) ?? LocalizedName(zh: titleText, en: titleText)
            let cover =
                zip(members, stickers).first { request.info.coverImages.contains($0.0.emoji.image) }?.1 ?? stickers[0]
            packs.append(
                ImportedPack(
                    pack: StickerPack(
                        id: id, title: title, cover: cover.tag ?? "", kind: .image, stickers: stickers,
                        license: license, homepage: request.info.homepage),
                    files: files))
        }
        var notes: [String] = []
        if several {
            notes.append(
                "\(packs.count) categories became \(packs.count) packs: \(packs.map(\.pack.id).joined(separator: ", "))"
            )
        }
        if !renamed.isEmpty {
            notes.append("categories whose pack ids came out alike, told apart: \(renamed.joined(separator: ", "))")
        }
        return PackImport(packs: packs, notes: notes)
    }

    /// The note of an import with `skipInvalid`: how many of `total` it
    /// left out (entries with several problems counted once), and each problem.
    static func skippedNote(_ issues: [StickerPack.Issue], of total: Int, noun: String = "emoji") -> String {
        let entries = Set(issues.map { "\($0.file)\u{0}\($0.entry ?? "")" })
        return "skipped \(entries.count) of \(total) \(noun) (--skip-invalid):\n"
            + issues.map { "  \($0.description)" }.joined(separator: "\n")
    }

    /// `text` as a search keyword (folded as searches fold it), or nil when it cannot be one.
    static func searchKeyword(_ text: String) -> String? {
        let keyword = String(String.UnicodeScalarView(SearchFolding.fold(text)))
        return !keyword.isEmpty && keyword.unicodeScalars.count <= StickerCatalog.maxSearchLength ? keyword : nil
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

    /// The start of a sticker's file names: its shortcode when that is made
    /// of file-name characters, else `sticker-<n>`.
    private static func fileBase(_ shortcode: String, index: Int) -> String {
        let safe =
            shortcode.utf8.count <= 100 && CatalogValidator.isSafeRelativePath(shortcode) && !shortcode.contains("/")
        return safe ? shortcode : "sticker-\(index + 1)"
    }
}

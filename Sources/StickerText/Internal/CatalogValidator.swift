import Foundation

/// The rules a set of packs must follow before a catalog is built from them.
package enum CatalogValidator {
    package static func check(packs: [StickerPack], files: [String]) -> [StickerPack.Issue] {
        var issues: [StickerPack.Issue] = []
        var owners: [String: String] = [:]  // code → "pack-id stickers[i]"
        var packIDs: Set<String> = []
        for (pack, file) in zip(packs, files) {
            func issue(_ entry: String?, _ message: String) {
                issues.append(StickerPack.Issue(file: file, entry: entry, message: message))
            }
            if !isSafeID(pack.id) {
                issue("id", "pack id \"\(pack.id)\" must be 1–64 of a-z, 0-9, - and _, starting with a letter or digit")
            }
            if !packIDs.insert(pack.id).inserted { issue("id", "duplicate pack id \"\(pack.id)\"") }
            if pack.stickers.isEmpty { issue("stickers", "a pack needs at least one sticker") }
            let covers = pack.stickers.flatMap { $0.codes + ($0.emoji.map { [$0] } ?? []) }
            if !covers.contains(pack.cover) {
                issue("cover", "cover \"\(pack.cover)\" is not one of the pack's stickers")
            }
            for (i, sticker) in pack.stickers.enumerated() {
                let entry = "stickers[\(i)]" + (sticker.tag.map { " \($0)" } ?? sticker.emoji.map { " \($0)" } ?? "")
                switch pack.kind {
                case .image:
                    if sticker.tag == nil { issue(entry, "a picture sticker needs a tag") }
                    if sticker.image == nil { issue(entry, "a picture sticker needs an image") }
                case .emoji:
                    if sticker.emoji?.isEmpty ?? true { issue(entry, "an emoji sticker needs its emoji text") }
                }
                for file in sticker.image?.allFiles ?? [] where !isSafeRelativePath(file) {
                    issue(
                        entry,
                        "image path \"\(file)\" leaves the pack folder or has characters outside A-Z a-z 0-9 . _ - @ /")
                }
                if let image = sticker.image,
                    image.width <= 0 || image.height <= 0 || image.width > ImageFileRules.maxSide
                        || image.height > ImageFileRules.maxSide
                {
                    issue(
                        entry,
                        "image size \(image.width)×\(image.height) is not between 1 and \(ImageFileRules.maxSide)")
                }
                if let image = sticker.image, let poster = image.poster,
                    (poster.width, poster.height) != (image.width, image.height) || poster.poster != nil
                {
                    issue(entry, "a poster is a still of its animation's size, with no poster of its own")
                }
                issues += searchKeyProblems(sticker).map {
                    StickerPack.Issue(file: file, entry: entry, message: $0)
                }
                for code in sticker.codes {
                    if let problem = TagSyntax.problem(in: code) {
                        issue(entry, "bad code \"\(code)\": \(problem)")
                    } else if let owner = owners[code] {
                        issue(entry, "duplicate code \"\(code)\", already used by \(owner)")
                    } else {
                        owners[code] = "\(pack.id) \(entry)"
                    }
                }
            }
        }
        return issues
    }

    /// The search keys: pinyin and initials come together and are lowercase
    /// ASCII letters (what pypinyin writes, and what a query's letters can
    /// match); keywords are searched as written, so they must be folded.
    static func searchKeyProblems(_ sticker: Sticker) -> [String] {
        var problems: [String] = []
        switch (sticker.pinyin, sticker.initials) {
        case (nil, nil): break
        case (.some, nil): problems.append("pinyin without initials: give both or neither")
        case (nil, .some): problems.append("initials without pinyin: give both or neither")
        case (.some(let pinyin), .some(let initials)):
            for (field, key) in [("pinyin", pinyin), ("initials", initials)] where !isLowerASCIIWord(key) {
                problems.append("\(field) \"\(key)\" must be 1–200 lowercase ASCII letters a-z")
            }
            if isLowerASCIIWord(pinyin), isLowerASCIIWord(initials),
                initials.count > pinyin.count || initials.first != pinyin.first
            {
                problems.append("initials \"\(initials)\" are not the initials of pinyin \"\(pinyin)\"")
            }
        }
        var seen: Set<String> = []
        for keyword in sticker.keywords {
            let length = keyword.unicodeScalars.count
            if !(1...StickerCatalog.maxSearchLength).contains(length) {
                problems.append("keyword \"\(keyword)\" must be 1–\(StickerCatalog.maxSearchLength) characters")
            } else if !SearchFolding.isFolded(keyword) {
                problems.append(
                    "keyword \"\(keyword)\" must be written as searches fold it: \"\(String(String.UnicodeScalarView(SearchFolding.fold(keyword))))\""
                )
            }
            if !seen.insert(keyword).inserted { problems.append("duplicate keyword \"\(keyword)\"") }
        }
        return problems
    }

    private static func isLowerASCIIWord(_ key: String) -> Bool {
        (1...200).contains(key.utf8.count)
            && key.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// Checks that each image file exists, inside the pack folder once links
    /// are resolved, and that its bytes follow `ImageFileRules`.
    package static func checkFiles(of pack: StickerPack, in folder: URL, file: String) -> [StickerPack.Issue] {
        var issues: [StickerPack.Issue] = []
        let root = folder.resolvingSymlinksInPath().path + "/"
        for (i, sticker) in pack.stickers.enumerated() {
            guard let image = sticker.image else { continue }
            let entry = "stickers[\(i)]" + (sticker.tag.map { " \($0)" } ?? "")
            var readable: Set<String> = []
            var seen: Set<String> = []
            // The same file may serve two scales (PPSticker's 2x serves 1x): report it once.
            for name in image.allFiles where isSafeRelativePath(name) && seen.insert(name).inserted {
                let url = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) || isDirectory.boolValue
                {
                    issues.append(
                        StickerPack.Issue(file: file, entry: entry, message: "missing image \"\(name)\""))
                } else if !url.resolvingSymlinksInPath().path.hasPrefix(root) {
                    issues.append(
                        StickerPack.Issue(
                            file: file, entry: entry, message: "image \"\(name)\" links outside the pack folder"))
                } else {
                    readable.insert(name)
                }
            }
            let problems = ImageFileRules.problems(of: image) { name in
                readable.contains(name)
                    ? FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map(Array.init)
                    : nil
            }
            issues += problems.map { StickerPack.Issue(file: file, entry: entry, message: $0.description) }
        }
        return issues
    }

    package static func isSafeID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: "-"), bytes[0] != UInt8(ascii: "_") else {
            return false
        }
        return bytes.allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// A relative path of plain file-name characters with no `..`, `.` or empty
    /// component: it can only name a file below the pack folder, and it can go
    /// into a URL and an HTML attribute without changing meaning.
    package static func isSafeRelativePath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= 200 else { return false }
        let allowed = bytes.allSatisfy {
            isLowerAlnum($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "@")
        }
        guard allowed else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    private static func isLowerAlnum(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

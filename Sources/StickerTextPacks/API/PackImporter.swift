import Foundation
import StickerText

/// Turns the sticker configuration files of the iOS originals into packs.
///
/// - PPStickerKeyboard `InnerStickersInfo.plist`: an array of packs
///   `{cover_pic, emoticons: [{image, desc}]}`; the tag is `[desc]` and the
///   images are `<image>@2x.png` and `<image>@3x.png` (the 2x file serves 1x).
/// - LXWeibo `info.plist`: an array of `{chs, cht, png, type: "0"}` picture
///   stickers or `{code: "0x1f603", type: "1"}` emoji (some real entries have
///   an empty `type`: their keys tell which they are). `cht`, the traditional
///   tag that the original never renders, becomes an alias.
///
/// Each sticker gets the search keys of its Chinese name (`Pinyin`).
/// Parsing is pure; the caller reads the plist and copies the images it names.
public enum PackImporter {
    public enum Format: String, CaseIterable, Sendable {
        case ppsticker
        case lxweibo
    }

    /// Default intrinsic size when the image is not at hand to measure.
    public static let defaultImageSize = 32

    /// Packs from one plist. `file` names it in errors; `id` and `title` name the
    /// pack (PPSticker files holding several packs get `-2`, `-3`… suffixes).
    /// `imageSize` measures an image by file name, or returns nil when it is not available.
    public static func importPacks(
        _ data: Data, format: Format, file: String, id: String, title: LocalizedName,
        imageSize: (String) -> (width: Int, height: Int)? = { _ in nil }
    ) throws(InputError) -> [StickerPack] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw InputError.invalidPacks([
                .init(file: file, entry: nil, message: "not a property list: \(error.localizedDescription)")
            ])
        }
        guard let items = root as? [Any] else {
            throw InputError.invalidPacks([.init(file: file, entry: nil, message: "the root must be an array")])
        }
        var issues: [StickerPack.Issue] = []
        var packs: [StickerPack]
        switch format {
        case .ppsticker:
            packs = items.enumerated().compactMap { index, item in
                ppsticker(
                    item, index: index, file: file, id: items.count == 1 ? id : "\(id)-\(index + 1)", title: title,
                    imageSize: imageSize, issues: &issues)
            }
        case .lxweibo:
            packs =
                lxweibo(items, file: file, id: id, title: title, imageSize: imageSize, issues: &issues).map { [$0] }
                ?? []
        }
        // The search keys of each Chinese name, from the pinyin table (the pack tools refine them).
        packs = packs.map { pack in
            var keyed = pack
            keyed.stickers = pack.stickers.map(Pinyin.withSearchKeys)
            return keyed
        }
        issues += CatalogValidator.check(packs: packs, files: packs.map { _ in file })
        if !issues.isEmpty { throw InputError.invalidPacks(issues.sorted()) }
        return packs
    }

    private static func ppsticker(
        _ item: Any, index: Int, file: String, id: String, title: LocalizedName,
        imageSize: (String) -> (width: Int, height: Int)?, issues: inout [StickerPack.Issue]
    ) -> StickerPack? {
        guard let dict = item as? [String: Any], let emoticons = dict["emoticons"] as? [Any] else {
            issues.append(.init(file: file, entry: "[\(index)]", message: "a pack needs an \"emoticons\" array"))
            return nil
        }
        var stickers: [Sticker] = []
        var cover: String?
        for (j, emoticon) in emoticons.enumerated() {
            let entry = "[\(index)].emoticons[\(j)]"
            guard let e = emoticon as? [String: Any], let image = e["image"] as? String, let desc = e["desc"] as? String
            else {
                issues.append(
                    .init(file: file, entry: entry, message: "an emoticon needs \"image\" and \"desc\" strings"))
                continue
            }
            let tag = "[\(desc)]"
            let files = (x1: "\(image)@2x.png", x2: "\(image)@2x.png", x3: "\(image)@3x.png")
            let size =
                imageSize(files.x2).map { (($0.width + 1) / 2, ($0.height + 1) / 2) } ?? (
                    defaultImageSize, defaultImageSize
                )
            stickers.append(
                Sticker(
                    tag: tag, name: LocalizedName(zh: desc, en: image),
                    image: StickerImage(x1: files.x1, x2: files.x2, x3: files.x3, width: size.0, height: size.1)))
            if image == dict["cover_pic"] as? String { cover = tag }
        }
        return StickerPack(
            id: id, title: title, cover: cover ?? stickers.first?.tag ?? "", kind: .image, stickers: stickers)
    }

    private static func lxweibo(
        _ items: [Any], file: String, id: String, title: LocalizedName,
        imageSize: (String) -> (width: Int, height: Int)?, issues: inout [StickerPack.Issue]
    ) -> StickerPack? {
        var pictures: [Sticker] = []
        var emoji: [Sticker] = []
        for (i, item) in items.enumerated() {
            let entry = "[\(i)]"
            guard let dict = item as? [String: Any] else {
                issues.append(.init(file: file, entry: entry, message: "an entry must be a dictionary"))
                continue
            }
            // `type` is "0" or "1" in most entries but empty in some real files,
            // so the keys present decide.
            let type = dict["type"] as? String
            let kind =
                type == "1" || (type != "0" && dict["code"] != nil)
                ? "1" : type == "0" || dict["chs"] != nil ? "0" : type
            switch kind {
            case "0":
                guard let chs = dict["chs"] as? String, let png = dict["png"] as? String, !png.isEmpty else {
                    issues.append(
                        .init(file: file, entry: entry, message: "a picture sticker needs \"chs\" and \"png\""))
                    continue
                }
                let cht = (dict["cht"] as? String).flatMap { $0.isEmpty || $0 == chs ? nil : $0 }
                let size = imageSize(png) ?? (defaultImageSize, defaultImageSize)
                let name = String(chs.dropFirst().dropLast())
                pictures.append(
                    Sticker(
                        tag: chs, aliases: cht.map { [$0] } ?? [], name: LocalizedName(zh: name, en: name),
                        image: StickerImage(x1: png, x2: png, x3: png, width: size.width, height: size.height)))
            case "1":
                guard let code = dict["code"] as? String, code.hasPrefix("0x"),
                    let value = UInt32(code.dropFirst(2), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else {
                    issues.append(.init(file: file, entry: entry, message: "an emoji needs a \"code\" like 0x1f603"))
                    continue
                }
                let name = scalar.properties.name?.lowercased() ?? code
                emoji.append(Sticker(tag: nil, name: LocalizedName(zh: name, en: name), emoji: String(scalar)))
            default:
                issues.append(
                    .init(file: file, entry: entry, message: "\"type\" must be \"0\" (picture) or \"1\" (emoji)"))
            }
        }
        if !pictures.isEmpty && !emoji.isEmpty {
            issues.append(
                .init(file: file, entry: nil, message: "a file mixes picture stickers and emoji; a pack holds one kind")
            )
            return nil
        }
        if !emoji.isEmpty {
            return StickerPack(id: id, title: title, cover: emoji[0].emoji!, kind: .emoji, stickers: emoji)
        }
        return StickerPack(id: id, title: title, cover: pictures.first?.tag ?? "", kind: .image, stickers: pictures)
    }

    /// Width and height from a PNG's IHDR chunk, or nil if the bytes are not a PNG.
    public static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data.prefix(24))
        guard b.count == 24, Array(b[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            Array(b[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = b[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = b[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return (width, height)
    }
}

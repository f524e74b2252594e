import StickerText

/// The shortcodes an export gives our stickers. A format that takes only
/// ASCII (`FormatJSON.wantsASCIINames`) gets, in this order of preference:
/// the tag itself when it is ASCII (`[doge]` is `doge`), the pinyin the pack
/// tools computed for search (`[笑哭]` is `xiaoku`), an ASCII alias, the
/// English name in lower case with `_` between words, or `sticker`; always
/// lower case, at least two characters. Matrix takes the tag's own text
/// (`笑哭`) unless it has a `:`, `/` or space, which MSC2545's grammar bars.
/// Two stickers with one name: the first in the export keeps it, the next
/// get `_2`, `_3`… (the first number free), so the same packs give the same names.
enum ShortcodeNames {
    static func names(for stickers: [Sticker], ascii: Bool) -> [String] {
        var taken: Set<String> = []
        return stickers.map { sticker in
            let base = ascii ? asciiName(sticker) : matrixName(sticker)
            var name = base
            var number = 2
            while taken.contains(name.lowercased()) {
                name = "\(base)_\(number)"
                number += 1
            }
            taken.insert(name.lowercased())
            return name
        }
    }

    /// What a code is between its brackets.
    static func content(_ code: String) -> String { String(code.dropFirst().dropLast()) }

    static func isASCIIName(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            }
    }

    private static func asciiName(_ sticker: Sticker) -> String {
        let tag = sticker.tag.map(content) ?? ""
        let alias = sticker.aliases.map(content).first(where: isASCIIName)
        let english = sticker.name.en.lowercased().split { !isASCIIName(String($0)) }.joined(separator: "_")
        let chosen =
            [isASCIIName(tag) ? tag : nil, sticker.pinyin, alias, english.isEmpty ? nil : english]
            .compactMap { $0 }.first ?? "sticker"
        let name = String(chosen.lowercased().prefix(64))
        return name.count >= 2 ? name : name + "_"
    }

    private static func matrixName(_ sticker: Sticker) -> String {
        let tag = sticker.tag.map(content) ?? ""
        let barred = tag.isEmpty || tag.utf8.count > 100 || tag.contains(":") || tag.contains("/") || tag.contains(" ")
        return barred ? asciiName(sticker) : tag
    }
}

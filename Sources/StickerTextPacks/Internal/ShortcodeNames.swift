import StickerText

/// The shortcodes an export gives our stickers, by the target's rules
/// (`FormatRules`). First every sticker whose tag the target takes as it is
/// keeps it, case and all (`[BlobCat]` is `BlobCat`, beside `[blobcat]`;
/// where the target's import folds case, as tootctl's does, the second is
/// `blobcat_2`), so a picture never goes under another emoji's name. Then each of the
/// others gets, in this order of preference: its tag in lower case (Slack),
/// the pinyin of its tag (`[笑哭]` is `xiaoku`: the pack tools' search key
/// when the sticker has one, else `Pinyin`'s table), its kana in romaji
/// (`[ブロブ]` is `burobu`: `Romaji`), an ASCII alias, its
/// English name with `_` between words, or `sticker`; cut to the target's
/// length. Matrix keeps `笑哭`, with `_` for what MSC2545 bars. A name taken
/// already gets `_2`, `_3`… (the first number free), in the packs' order,
/// so the same packs give the same names. Every sticker not named by its
/// own tag is a rename, listed in a note.
enum ShortcodeNames {
    struct Rename {
        var code: String
        var name: String
    }

    static func names(for stickers: [Sticker], rules: FormatRules) -> (names: [String], renames: [Rename]) {
        var names = [String?](repeating: nil, count: stickers.count)
        var taken = UniqueNames(caseBlind: rules.caseBlind)
        for (i, sticker) in stickers.enumerated() {
            let own = sticker.tag.map(content) ?? ""
            if rules.accepts(own), taken.claim(own) { names[i] = own }
        }
        var renames: [Rename] = []
        for (i, sticker) in stickers.enumerated() where names[i] == nil {
            let base = fitted(preferred(sticker, rules: rules), rules: rules)
            let name = taken.unique(
                base,
                numbered: { number in
                    let suffix = "_\(number)"
                    return cut(base, to: rules.maxLength - suffix.utf8.count, rules: rules) + suffix
                }, acceptable: rules.accepts)
            names[i] = name
            renames.append(Rename(code: sticker.tag ?? sticker.name.zh, name: name))
        }
        return (names.map { $0! }, renames)
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

    /// The name a sticker would have if nothing stood in its way.
    private static func preferred(_ sticker: Sticker, rules: FormatRules) -> String {
        let tag = sticker.tag.map(content) ?? ""
        if !rules.ascii {
            let replaced = String(
                String.UnicodeScalarView(
                    tag.unicodeScalars.map { $0 == ":" || $0 == "/" || $0.properties.isWhitespace ? "_" : $0 }))
            if !replaced.isEmpty { return replaced }
        }
        let alias = sticker.aliases.map(content).first(where: isASCIIName)
        let english = sticker.name.en.split { !isASCIIName(String($0)) }.joined(separator: "_")
        let pinyin = Pinyin.asciiName(tag)
        let candidates: [String?] = [
            isASCIIName(tag) ? tag : nil,
            // The pack tools' pinyin reads Han only: a code with kana is read here, kana and all.
            tag.unicodeScalars.contains(where: Romaji.isKana)
                ? nil
                : sticker.pinyin.flatMap { Pinyin.asciiName(tag) == Pinyin.asciiName(sticker.name.zh) ? $0 : nil },
            pinyin.isEmpty || isASCIIName(tag) ? nil : pinyin, alias, english.isEmpty ? nil : english,
        ]
        return candidates.compactMap { $0 }.first ?? "sticker"
    }

    /// `name` in the target's case and length, at least its shortest.
    private static func fitted(_ name: String, rules: FormatRules) -> String {
        var fitted = cut(rules.lowerCase ? name.lowercased() : name, to: rules.maxLength, rules: rules)
        while fitted.count < rules.minLength { fitted += "_" }
        return fitted
    }

    /// At most `length` characters (or bytes), whole characters.
    private static func cut(_ name: String, to length: Int, rules: FormatRules) -> String {
        guard rules.lengthInBytes else { return String(name.prefix(length)) }
        var out = ""
        for character in name {
            if out.utf8.count + character.utf8.count > length { break }
            out.append(character)
        }
        return out
    }
}

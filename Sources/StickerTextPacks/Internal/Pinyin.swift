import Foundation
import StickerText

/// Pinyin of Han characters, one reading each (`PinyinTable`): the search
/// keys an import writes, and the ASCII names an export gives a Chinese code
/// (`[笑哭]` is `xiaoku`). A character is read alone, in its most common
/// reading; the pack tools (tools/search_keys.py) read a name as a word
/// with pypinyin's phrases and refine the keys written here.
enum Pinyin {
    /// The table's indexes, unpacked once: one per code point of the block.
    private static let indexes: [UInt16] = {
        let packed = Array(Data(base64Encoded: PinyinTable.packedIndexes, options: .ignoreUnknownCharacters) ?? Data())
        let count = Int(PinyinTable.last - PinyinTable.first) + 1
        var out = [UInt16](repeating: 0, count: count)
        let bits = PinyinTable.bitsPerIndex
        for i in 0..<count {
            var value = 0
            for b in i * bits..<(i + 1) * bits {
                let byte = b >> 3
                guard byte < packed.count else { break }
                value = value << 1 | Int(packed[byte] >> (7 - UInt8(b & 7)) & 1)
            }
            out[i] = UInt16(value)
        }
        return out
    }()

    private static let syllables: [String] = PinyinTable.syllables.split(whereSeparator: \.isWhitespace).map(
        String.init)

    /// The reading of `scalar` (`xiao` for 笑), or nil when it is not a
    /// character of the table.
    static func reading(of scalar: Unicode.Scalar) -> String? {
        guard (PinyinTable.first...PinyinTable.last).contains(scalar.value) else { return nil }
        let index = Int(indexes[Int(scalar.value - PinyinTable.first)])
        return index == 0 || index > syllables.count ? nil : syllables[index - 1]
    }

    /// The search keys of a Chinese name, as the pack tools write them: the
    /// readings of its Han characters run together (`xiaoku`) and their
    /// initials (`xk`), other characters passed over; nil without any. The
    /// readings stop before the 200 letters a pack's pinyin may have.
    static func searchKeys(of name: String) -> (pinyin: String, initials: String)? {
        var readings: [String] = []
        var letters = 0
        for reading in name.unicodeScalars.lazy.compactMap(reading) {
            letters += reading.count
            if letters > 200 { break }
            readings.append(reading)
        }
        guard !readings.isEmpty else { return nil }
        return (readings.joined(), String(readings.compactMap(\.first)))
    }

    /// `text` in ASCII letters, digits and `_`: each Han character's reading,
    /// each run of kana in romaji (`Romaji`), ASCII letters and digits as
    /// they are, every run of anything else one `_` (none at the ends).
    /// `笑哭` is `xiaoku`, `笑 ok!` `xiao_ok`, `ブロブ` `burobu`.
    static func asciiName(_ text: String) -> String {
        var out = ""
        var gap = false
        var kana: [Unicode.Scalar] = []
        // A run of kana is read whole (a small kana joins the one before), once it ends.
        for scalar in text.unicodeScalars + [" "] {
            if Romaji.isKana(scalar) {
                kana.append(scalar)
                continue
            }
            if !kana.isEmpty {
                let romaji = Romaji.romaji(kana)
                kana.removeAll()
                if !romaji.isEmpty {
                    if gap && !out.isEmpty { out += "_" }
                    gap = false
                    out += romaji
                }
            }
            let piece: String?
            if let reading = reading(of: scalar) {
                piece = reading
            } else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                piece = String(scalar)
            } else {
                piece = nil
            }
            guard let piece else {
                gap = true
                continue
            }
            if gap && !out.isEmpty { out += "_" }
            gap = false
            out += piece
        }
        return out
    }

    /// `sticker` with the search keys of its Chinese name when it has none.
    static func withSearchKeys(_ sticker: Sticker) -> Sticker {
        guard sticker.pinyin == nil, let keys = searchKeys(of: sticker.name.zh) else { return sticker }
        var keyed = sticker
        keyed.pinyin = keys.pinyin
        keyed.initials = keys.initials
        return keyed
    }
}

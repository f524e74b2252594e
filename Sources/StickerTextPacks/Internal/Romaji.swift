/// Japanese kana in Hepburn romaji (`RomajiTable`): the ASCII names an
/// export gives a code written in kana (`[ブロブ]` is `burobu`, `[ねこ]`
/// `neko`), as `Pinyin` gives a Chinese code its pinyin. Kanji are left to
/// `Pinyin` (their Chinese reading: a Japanese one needs a dictionary).
enum Romaji {
    /// Whether `scalar` is a kana this reads (hiragana, katakana, or the long vowel mark).
    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        hiragana(scalar) != nil
    }

    /// `scalar` as hiragana (a katakana's is 0x60 below), or nil when it is not kana.
    private static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x3041...0x3096: scalar
        case 0x30A1...0x30F6: Unicode.Scalar(scalar.value - 0x60)
        case RomajiTable.longVowel.value: scalar
        default: nil
        }
    }

    /// A run of kana in romaji: one pass, each kana joined to the one before
    /// where a small kana says so.
    static func romaji(_ kana: some Sequence<Unicode.Scalar>) -> String {
        var syllables: [String] = []
        var doubleNext = false
        for scalar in kana {
            guard let kana = hiragana(scalar) else { continue }
            if kana == RomajiTable.smallTsu {
                doubleNext = true
                continue
            }
            var syllable: String
            if let vowel = RomajiTable.smallY[kana], let last = syllables.last, last.hasSuffix("i"), last.count > 1 {
                // きゃ kya; しゃ, ちゃ, じゃ sha, cha, ja (their y is in the consonant).
                let stem = String(last.dropLast())
                syllables.removeLast()
                syllable = ["sh", "ch", "j"].contains { stem.hasSuffix($0) } ? stem + vowel : stem + "y" + vowel
            } else if let vowel = RomajiTable.smallY[kana] {
                syllable = "y" + vowel
            } else if let vowel = RomajiTable.smallVowels[kana], let last = syllables.last {
                // ファ fa, ティ ti, シェ she, ウィ wi: the vowel of the kana before is replaced.
                syllables.removeLast()
                syllable = last == "u" ? "w" + vowel : String(last.dropLast()) + vowel
            } else if let vowel = RomajiTable.smallVowels[kana] {
                syllable = vowel
            } else if let reading = RomajiTable.hiragana[kana] {
                syllable = reading
            } else {
                continue  // the long vowel mark, and kana the table has not (ゕ, ゖ)
            }
            if doubleNext, let first = syllable.first, !"aiueon".contains(first) {
                syllable = (syllable.hasPrefix("ch") ? "t" : String(first)) + syllable
            }
            doubleNext = false
            syllables.append(syllable)
        }
        return syllables.joined()
    }
}

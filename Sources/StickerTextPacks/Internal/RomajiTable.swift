/// Each hiragana's Hepburn romaji (modified Hepburn, without macrons: an
/// export's names are ASCII), read by `Romaji`; a katakana is its hiragana
/// 0x60 code points below. The small kana (`ゃ`, `っ`, `ァ`) and the long
/// vowel mark `ー` are not here: `Romaji` joins them to the kana before.
enum RomajiTable {
    static let hiragana: [Unicode.Scalar: String] = [
        "あ": "a", "い": "i", "う": "u", "え": "e", "お": "o",
        "か": "ka", "き": "ki", "く": "ku", "け": "ke", "こ": "ko",
        "が": "ga", "ぎ": "gi", "ぐ": "gu", "げ": "ge", "ご": "go",
        "さ": "sa", "し": "shi", "す": "su", "せ": "se", "そ": "so",
        "ざ": "za", "じ": "ji", "ず": "zu", "ぜ": "ze", "ぞ": "zo",
        "た": "ta", "ち": "chi", "つ": "tsu", "て": "te", "と": "to",
        "だ": "da", "ぢ": "ji", "づ": "zu", "で": "de", "ど": "do",
        "な": "na", "に": "ni", "ぬ": "nu", "ね": "ne", "の": "no",
        "は": "ha", "ひ": "hi", "ふ": "fu", "へ": "he", "ほ": "ho",
        "ば": "ba", "び": "bi", "ぶ": "bu", "べ": "be", "ぼ": "bo",
        "ぱ": "pa", "ぴ": "pi", "ぷ": "pu", "ぺ": "pe", "ぽ": "po",
        "ま": "ma", "み": "mi", "む": "mu", "め": "me", "も": "mo",
        "や": "ya", "ゆ": "yu", "よ": "yo",
        "ら": "ra", "り": "ri", "る": "ru", "れ": "re", "ろ": "ro",
        "わ": "wa", "ゐ": "i", "ゑ": "e", "を": "o", "ん": "n", "ゔ": "vu",
    ]

    /// The small vowels, which make a sound of the kana before (`ファ` fa, `ティ` ti, `ウィ` wi),
    /// or are their own vowel after nothing.
    static let smallVowels: [Unicode.Scalar: String] = ["ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o"]

    /// The small y-kana, which join an i-row kana before (`きゃ` kya, `しゃ` sha).
    static let smallY: [Unicode.Scalar: String] = ["ゃ": "a", "ゅ": "u", "ょ": "o"]

    /// The small tsu (`っ`), which doubles the consonant after it (`ちょっと` chotto; `tch` before ch).
    static let smallTsu: Unicode.Scalar = "っ"

    /// The long vowel mark, left out as the macron it stands for is (`ラーメン` ramen).
    static let longVowel: Unicode.Scalar = "ー"
}

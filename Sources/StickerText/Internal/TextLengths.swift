/// Lengths of plain text in every counting mode, gathered in one walk over
/// the grapheme clusters (see `GraphemeSegmentation`).
struct TextLengths: Equatable {
    var graphemes = 0
    var utf16 = 0
    var utf8 = 0
    var gb18030 = 0
    /// twitter-text v3 weight, in units of 1/100 (divide by 100 to report).
    var weight = 0

    static func + (a: TextLengths, b: TextLengths) -> TextLengths {
        TextLengths(graphemes: a.graphemes + b.graphemes, utf16: a.utf16 + b.utf16, utf8: a.utf8 + b.utf8,
                    gb18030: a.gb18030 + b.gb18030, weight: a.weight + b.weight)
    }

    func value(in mode: CountMode) -> Int {
        switch mode {
        case .graphemes: graphemes
        case .utf16: utf16
        case .utf8: utf8
        case .gb18030: gb18030
        case .weighted: weight / 100
        }
    }

    /// Every mode counting `n` for one sticker (the policy's `stickerWeight`).
    static func uniform(_ n: Int) -> TextLengths {
        TextLengths(graphemes: n, utf16: n, utf8: n, gb18030: n, weight: n * 100)
    }
}

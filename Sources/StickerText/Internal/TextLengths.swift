/// Lengths of plain text in every counting mode, gathered in one walk over
/// the grapheme clusters (see `GraphemeSegmentation`).
struct TextLengths: Hashable, Sendable {
    var graphemes = 0
    var utf16 = 0
    var utf8 = 0
    var gb18030 = 0
    /// twitter-text v3 weight, in units of 1/100 (divide by 100 to report).
    var weight = 0

    static func + (lhs: TextLengths, rhs: TextLengths) -> TextLengths {
        TextLengths(
            graphemes: lhs.graphemes + rhs.graphemes, utf16: lhs.utf16 + rhs.utf16, utf8: lhs.utf8 + rhs.utf8,
            gb18030: lhs.gb18030 + rhs.gb18030, weight: lhs.weight + rhs.weight)
    }

    func value(in mode: InputPolicy.CountMode) -> Int {
        switch mode {
        case .graphemes: graphemes
        case .utf16: utf16
        case .utf8: utf8
        case .gb18030: gb18030
        case .weighted: weight / 100
        }
    }

    /// Every mode counting `count` for one sticker (the policy's `stickerWeight`).
    static func uniform(_ count: Int) -> TextLengths {
        TextLengths(graphemes: count, utf16: count, utf8: count, gb18030: count, weight: count * 100)
    }
}

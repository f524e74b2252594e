import StickerText

extension TextCounts {
    /// The count response; `remaining` and `maxLength` are `null`, not missing, without a limit.
    /// `stickersWritten`: where `w` already holds this `stickers` list, to be copied, not written again.
    /// `listings`: the catalog's stickers written in advance, if the caller has them.
    func write(to w: inout JSONWriter, stickersWritten: Range<Int>? = nil, listings: StickerListings? = nil) {
        w.object { w in
            w.key("graphemes"); w.int(graphemes)
            w.key("utf16"); w.int(utf16)
            w.key("utf8"); w.int(utf8)
            w.key("gb18030"); w.int(gb18030)
            w.key("weighted"); w.int(weighted)
            w.key("length"); w.int(length)
            w.key("countMode"); w.string(countMode.rawValue)
            w.key("maxLength"); w.int(maxLength)
            w.key("stickers")
            if let stickersWritten { w.repeatValue(stickersWritten) } else { FoundSticker.write(stickers, to: &w, listings: listings) }
            w.key("emoji")
            w.array(emoji) { w, e in
                w.object { w in
                    w.key("emoji"); w.string(e.emoji)
                    w.key("range"); e.range.write(to: &w)
                }
            }
            w.key("valid"); w.bool(valid)
            w.key("remaining"); w.int(remaining)
            w.key("overBy"); w.int(overBy)
            w.key("violations"); w.array(violations) { w, v in w.string(v.rawValue) }
        }
    }
}

extension TextCounts.FoundSticker {
    static func write(_ stickers: [Self], to w: inout JSONWriter, listings: StickerListings? = nil) {
        w.array(stickers) { w, s in
            w.object { w in
                if let listings { listings.write(entry: s.entry, to: &w) } else { writeNames(of: s, to: &w) }
                w.key("range"); s.range.write(to: &w)
            }
        }
    }

    /// A listing's `code`, `tag` and `pack` (also what `StickerListings` prepares).
    static func writeNames(of s: Self, to w: inout JSONWriter) {
        w.key("code"); w.string(s.code)
        w.key("tag"); w.string(s.tag)
        w.key("pack"); w.string(s.pack)
    }
}

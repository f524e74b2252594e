import StickerText

extension TextCounts {
    /// The count response; `remaining` and `maxLength` are `null`, not missing, without a limit.
    /// `stickersWritten`: where `writer` already holds this `stickers` list, to be copied, not written again.
    /// `listings`: the catalog's stickers written in advance, if the caller has them.
    func write(to writer: inout JSONWriter, stickersWritten: Range<Int>? = nil, listings: StickerListings? = nil) {
        writer.object { writer in
            writer.key("graphemes")
            writer.int(graphemes)
            writer.key("utf16")
            writer.int(utf16)
            writer.key("utf8")
            writer.int(utf8)
            writer.key("gb18030")
            writer.int(gb18030)
            writer.key("weighted")
            writer.int(weighted)
            writer.key("length")
            writer.int(length)
            writer.key("countMode")
            writer.string(countMode.rawValue)
            writer.key("maxLength")
            writer.int(maxLength)
            writer.key("stickers")
            if let stickersWritten {
                writer.repeatValue(stickersWritten) { Found.write(stickers, to: &$0, listings: listings) }
            } else {
                Found.write(stickers, to: &writer, listings: listings)
            }
            writer.key("emoji")
            writer.array(emoji) { writer, found in
                writer.object { writer in
                    writer.key("emoji")
                    writer.string(found.text)
                    writer.key("range")
                    found.range.write(to: &writer)
                }
            }
            writer.key("valid")
            writer.bool(valid)
            writer.key("remaining")
            writer.int(remaining)
            writer.key("overBy")
            writer.int(overBy)
            writer.key("violations")
            writer.array(violations) { writer, violation in writer.string(violation.rawValue) }
        }
    }
}

extension TextCounts.Found {
    static func write(_ stickers: [Self], to writer: inout JSONWriter, listings: StickerListings? = nil) {
        writer.array(stickers) { writer, sticker in
            writer.object { writer in
                if let listings {
                    listings.write(entry: sticker.entry, to: &writer)
                } else {
                    writeNames(of: sticker, to: &writer)
                }
                writer.key("range")
                sticker.range.write(to: &writer)
            }
        }
    }

    /// A sticker listing's `code`, `tag` and `pack` (also what `StickerListings` prepares).
    static func writeNames(of sticker: Self, to writer: inout JSONWriter) {
        writer.key("code")
        writer.string(sticker.text)
        writer.key("tag")
        writer.string(sticker.tag)
        writer.key("pack")
        writer.string(sticker.pack)
    }
}

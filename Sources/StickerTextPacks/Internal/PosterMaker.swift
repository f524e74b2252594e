/// The still of an animation, cut from its file without decoding a pixel:
/// the poster an animated sticker must have (`ImageFileRules`). APNG and GIF
/// keep their first picture in a form a still file can hold as it is; an
/// animated WebP's frames would have to be decoded and put on a canvas, so
/// it gets none (`ImageIntake` refuses it and says why).
enum PosterMaker {
    /// An APNG without its animation chunks (`acTL`, `fcTL`, `fdAT`): a
    /// PNG of its default image (`IDAT`), the first frame or the picture shown
    /// where APNG is not read, at the animation's size. Nil if the chunks do
    /// not add up.
    static func stillPNG(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 8 else { return nil }
        var still = Array(bytes[0 ..< 8])
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = at + 12 + length
            guard end <= bytes.count else { return nil }
            let type = String(decoding: bytes[at + 4 ..< at + 8], as: UTF8.self)
            if type != "acTL" && type != "fcTL" && type != "fdAT" { still += bytes[at ..< end] }
            at = end
            if type == "IEND" { return still }
        }
        return nil
    }

    /// A GIF of the animation's header, colour table and first image (with
    /// the extensions before it, but not the application extensions, such as
    /// NETSCAPE2.0's loop count), then the trailer: a one-frame GIF of the
    /// animation's logical screen size. Nil if the blocks do not add up.
    static func firstGIFFrame(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 13 else { return nil }
        func colorTable(_ packed: UInt8) -> Int { packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 7) + 1) }
        /// The offset after the data sub-blocks starting at `at`.
        func afterSubBlocks(_ at: Int) -> Int? {
            var at = at
            while at < bytes.count {
                if bytes[at] == 0 { return at + 1 }
                at += 1 + Int(bytes[at])
            }
            return nil
        }
        var at = 13 + colorTable(bytes[10])
        guard at <= bytes.count else { return nil }
        var still = Array(bytes[0 ..< at])
        while at < bytes.count {
            switch bytes[at] {
            case 0x21:
                guard at + 1 < bytes.count, let next = afterSubBlocks(at + 2) else { return nil }
                if bytes[at + 1] != 0xFF { still += bytes[at ..< next] }
                at = next
            case 0x2C:
                guard at + 10 <= bytes.count, let next = afterSubBlocks(at + 10 + colorTable(bytes[at + 9]) + 1) else { return nil }
                return still + bytes[at ..< next] + [0x3B]
            default:
                return nil
            }
        }
        return nil
    }
}

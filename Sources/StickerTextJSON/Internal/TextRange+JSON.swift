import StickerText

extension TextRange {
    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("location"); w.int(location)
            w.key("length"); w.int(length)
        }
    }
}

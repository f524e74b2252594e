import StickerText

extension TextRange {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("location")
            writer.int(location)
            writer.key("length")
            writer.int(length)
        }
    }
}

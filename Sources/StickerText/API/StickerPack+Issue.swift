extension StickerPack {
    /// One problem in a pack file, naming the file and the entry it is in: a
    /// catalog refuses its packs with every one found
    /// (`InputError.invalidPacks`), never half-loaded.
    public struct Issue: Hashable, Sendable, Comparable, CustomStringConvertible {
        public let file: String
        /// A path into the pack, such as `stickers[3] [微笑]`, or nil for the whole file.
        public let entry: String?
        public let message: String

        /// `package`: a program reads issues, the catalog and the format converters (StickerTextPacks) make them.
        package init(file: String, entry: String?, message: String) {
            self.file = file
            self.entry = entry
            self.message = message
        }

        public var description: String {
            entry.map { "\(file): \($0): \(message)" } ?? "\(file): \(message)"
        }

        public static func < (lhs: Issue, rhs: Issue) -> Bool {
            (lhs.file, lhs.entry ?? "", lhs.message) < (rhs.file, rhs.entry ?? "", rhs.message)
        }
    }
}

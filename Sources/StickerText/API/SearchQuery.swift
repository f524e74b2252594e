/// A search as asked: its text (1–64 Unicode scalars) and how many results
/// to give (1–100, 20 when not said).
public struct SearchQuery: Hashable, Sendable {
    public static let maxLength = 64
    public static let limits = 1...100
    public static let defaultLimit = 20

    public let text: String
    public let limit: Int

    public init(_ text: String, limit: Int? = nil) throws(InputError) {
        let length = text.unicodeScalars.count
        guard length > 0 else { throw .emptySearch }
        guard length <= Self.maxLength else { throw .searchTooLong(length: length) }
        guard !text.unicodeScalars.contains("\u{0}") else { throw .nulInSearch }
        let limit = limit ?? Self.defaultLimit
        guard Self.limits.contains(limit) else { throw .limitOutOfRange(limit) }
        self.text = text
        self.limit = limit
    }
}

/// One sticker found, and how.
public struct SearchResult: Hashable, Sendable {
    public let packIndex: Int
    public let stickerIndex: Int
    public let match: Match
}

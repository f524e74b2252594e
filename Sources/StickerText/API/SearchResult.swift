/// One sticker found. Results come best first; how each matched (its
/// tier, `Match`) is the transport's to show (the API's `match`), not a
/// type an embedding program has to learn.
public struct SearchResult: Hashable, Sendable {
    public let packIndex: Int
    public let stickerIndex: Int
    package let match: Match
}

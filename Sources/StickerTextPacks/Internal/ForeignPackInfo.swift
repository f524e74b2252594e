/// What a format says of the pack as a whole.
struct ForeignPackInfo {
    var title: String?
    var license: String?
    var homepage: String?
    /// The pictures of the emoji shown on the packs' tabs (Matrix's `avatar_url`), by their `image`.
    var coverImages: Set<String> = []
}

/// What a format says of the pack as a whole.
struct ForeignPackInfo {
    var title: String?
    var license: String?
    var homepage: String?
    /// The picture of the emoji shown on the pack's tab (Matrix's `avatar_url`), by its `image`.
    var coverImage: String?
}

/// What writing imported packs does with a code the packs folder has
/// already, as tootctl does with a shortcode it has (`--overwrite`).
public enum CodeCollision: String, CaseIterable, Sendable {
    /// The imported sticker is left out, with a note naming it and the folder's.
    case skip
    /// The imported sticker takes the code: the folder's sticker of that
    /// tag leaves its pack (a pack left empty goes), an alias leaves the
    /// sticker that had it.
    case overwrite
}

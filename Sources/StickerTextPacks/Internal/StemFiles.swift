import StickerText

/// Pictures saved under a name the document gives without its extension:
/// a Matrix media id (`AbCdEf`, `AbCdEf.PNG`), a Discord id (`12.gif`,
/// `emojis/12.png`), a Telegram file id. Each key is looked for under its
/// stems in order (by default the key itself): the stem as it is, else the
/// stem with an extension in any case, a picture's first (png, apng, gif,
/// webp), then the formats an import names to be converted (tgs, webm, json,
/// lottie), so a sticker converted beside its TGS is the one taken.
struct StemFiles: FileSource {
    let folder: FolderFiles
    /// The stems of a key, tried in order; a key not here is its own one stem.
    var stems: [String: [String]] = [:]

    static let extensions = ["png", "apng", "gif", "webp", "tgs", "webm", "json", "lottie"]

    var label: String { folder.label }

    func file(at key: String) throws(InputError) -> FileLookup {
        for stem in stems[key] ?? [key] {
            let exact = try folder.file(at: stem)
            if case .missing = exact {} else { return exact }
            let named = folder.names(withStem: stem)
            for wanted in Self.extensions {
                if let name = named.first(where: { $0.dropFirst(stem.count + 1).lowercased() == wanted }) {
                    return try folder.file(at: name)
                }
            }
        }
        return .missing
    }
}

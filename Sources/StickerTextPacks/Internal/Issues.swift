import StickerText

/// One problem, as every import and export error is told: the file and the
/// field (or entry) it is in. The same type `pack.json` validation throws.
func problem(_ file: String, _ entry: String?, _ message: String) -> InputError {
    InputError.invalidPacks([StickerPack.Issue(file: file, entry: entry, message: message)])
}

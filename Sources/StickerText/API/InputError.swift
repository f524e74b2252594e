/// Why the core refused its input, what a program passed it: packs with
/// problems, text it cannot carry, settings that make no sense, an edit that
/// names what is not there, a search it cannot run. One type for the whole
/// core, so that a program answers every refusal in one place; each case says
/// what throws it. A policy's refusal of an edit is not an error (see
/// `EditResult.rejected`).
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Packs a catalog cannot be made of (`StickerCatalog.init`, and the pack
    /// formats' imports and exports): every problem found, sorted.
    case invalidPacks([StickerPack.Issue])
    /// Rendering bytes that are not valid UTF-8; `offset` is the first bad byte.
    case invalidUTF8(offset: Int)
    /// Rendering U+0000, which HTML cannot carry at all, so it is refused rather than altered.
    case nulCharacter(offset: Int)
    /// A renderer's `RenderOptions` that cannot be used (their `validationProblem`).
    case invalidOptions(String)
    /// An edit's `InputPolicy` that makes no sense (its `validationProblem`).
    case invalidPolicy(String)
    /// An edit's selection outside the text (`TextBackedString.applying`).
    case selectionOutOfRange(TextRange, length: Int, unit: TextRange.Unit)
    /// `insertSticker` with a tag no sticker has.
    case unknownSticker(String)
    /// A search (`StickerCatalog.search`) for nothing.
    case emptySearch
    /// A search longer than `StickerCatalog.maxSearchLength` Unicode scalars.
    case searchTooLong(length: Int)
    /// A search holding U+0000, which no sticker's key holds and no text field sends.
    case nulInSearch
    /// A search's limit outside `StickerCatalog.searchLimits`.
    case limitOutOfRange(Int)

    public var description: String {
        switch self {
        case .invalidPacks(let issues): issues.map(\.description).joined(separator: "\n")
        case .invalidUTF8(let offset): "text is not valid UTF-8 (first bad byte at offset \(offset))"
        case .nulCharacter(let offset): "text contains U+0000 (NUL) at byte \(offset), which HTML cannot carry"
        case .invalidOptions(let problem), .invalidPolicy(let problem): problem
        case .selectionOutOfRange(let range, let length, let unit):
            "selection \(range) is outside the text (display length \(length) in \(unit.rawValue) units)"
        case .unknownSticker(let tag): "no sticker has the tag \(tag)"
        case .emptySearch: "the search text is empty"
        case .searchTooLong(let length):
            "the search text is \(length) characters long; at most \(StickerCatalog.maxSearchLength)"
        case .nulInSearch: "the search text contains U+0000"
        case .limitOutOfRange(let limit):
            "a limit of \(limit) results; it must be between \(StickerCatalog.searchLimits.lowerBound) and \(StickerCatalog.searchLimits.upperBound)"
        }
    }
}

extension InputError {
    /// The pack problems of `invalidPacks`, none for another refusal: what the
    /// format converters (StickerTextPacks) gather and pass on.
    package var issues: [StickerPack.Issue] {
        if case .invalidPacks(let issues) = self { issues } else { [] }
    }
}

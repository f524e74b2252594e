import StickerText

/// Each domain error of the core as the API answers it: the one place each
/// becomes its code and message, at the transport's edge.
extension APIError {
    /// A request the service could not read: its code by the kind of
    /// `JSONError`, and the body named.
    package init(_ error: JSONError) {
        let code: ErrorCode =
            switch error.kind {
            case .invalidUTF8: .invalidUTF8
            case .invalidJSON: .invalidJSON
            case .invalidValue: .invalidRequest
            }
        self.init(code, error.sentence(about: "the request body"))
    }

    /// What the core refused: an edit, a text to render, a search. A search is
    /// answered in the words of `GET /api/stickers`' parameters (`q`, `limit`).
    /// No request gives packs (the service's own, checked before it serves):
    /// were it to, that is the service's fault.
    public init(_ error: InputError) {
        switch error {
        case .invalidPacks: self.init(.internalError, error.description)
        case .selectionOutOfRange: self.init(.outOfRange, error.description)
        case .unknownSticker: self.init(.unknownSticker, error.description)
        case .invalidUTF8: self.init(.invalidUTF8, error.description)
        case .nulCharacter, .invalidOptions, .invalidPolicy: self.init(.invalidRequest, error.description)
        case .emptySearch: self.init(.invalidRequest, "q must not be empty")
        case .searchTooLong(let length):
            self.init(.invalidRequest, "q is \(length) characters long; at most \(StickerCatalog.maxSearchLength)")
        case .nulInSearch: self.init(.invalidRequest, "q must not contain U+0000")
        case .limitOutOfRange:
            self.init(
                .invalidRequest,
                "limit must be between \(StickerCatalog.searchLimits.lowerBound) and \(StickerCatalog.searchLimits.upperBound)"
            )
        }
    }
}

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

    /// An edit the core refused.
    init(_ error: EditError) {
        let code: ErrorCode =
            switch error {
            case .selectionOutOfRange: .outOfRange
            case .unknownSticker: .unknownSticker
            case .invalidText, .invalidPolicy: .invalidRequest
            }
        self.init(code, error.description)
    }

    /// Text the renderer refused.
    init(_ error: RenderError) {
        let code: ErrorCode = if case .invalidUTF8 = error { .invalidUTF8 } else { .invalidRequest }
        self.init(code, error.description)
    }

    /// A search the core refused, in the words of `GET /api/stickers`' parameters (`q`, `limit`).
    public init(_ error: SearchError) {
        let message =
            switch error {
            case .emptyText: "q must not be empty"
            case .textTooLong(let length): "q is \(length) characters long; at most \(SearchQuery.maxLength)"
            case .nulCharacter: "q must not contain U+0000"
            case .limitOutOfRange:
                "limit must be between \(SearchQuery.limits.lowerBound) and \(SearchQuery.limits.upperBound)"
            }
        self.init(.invalidRequest, message)
    }
}

import StickerText

/// The one decoder of render options. A JSON request's `options` object, the
/// query string of `GET /api/render` and the CLI's flags all give named
/// values; each source says how a name reads as a string, a whole number, a
/// boolean or one of a closed set, and this decoder alone says which names there are, their
/// defaults and what is valid.
extension RenderOptions {
    /// The names of the options, everywhere they can be given.
    public enum Field: String, CaseIterable, Sendable {
        case baseURL, size, className, lineBreaks, wrapEmoji, lang

        /// Every name, listed once (not per request).
        static let names = allCases.map(\.rawValue)
    }

    init(decoding values: some OptionValues) throws(JSONError) {
        let defaults = RenderOptions()
        self.init(
            baseURL: try values.string(Field.baseURL.rawValue) ?? defaults.baseURL,
            size: try values.int(Field.size.rawValue) ?? defaults.size,
            className: try values.string(Field.className.rawValue) ?? defaults.className,
            lineBreaks: try values.bool(Field.lineBreaks.rawValue) ?? defaults.lineBreaks,
            wrapEmoji: try values.bool(Field.wrapEmoji.rawValue) ?? defaults.wrapEmoji,
            lang: try values.choice(Field.lang.rawValue, RenderOptions.Language.self) ?? defaults.lang)
        if let problem = validationProblem { throw JSONError(.invalidValue, problem) }
    }

    /// From values written as text (`size=32`, `lineBreaks=false`), as a
    /// query string or command-line flags give them. A name not in `Field`,
    /// or given twice, is an error that names it; its message also lists
    /// `others`, the names the caller takes besides the options (`text`).
    public init(textValues pairs: [(name: String, value: String)], others: [String] = []) throws(APIError) {
        do {
            try self.init(decoding: TextValues(pairs, allowed: Field.names, others: others))
        } catch {
            throw APIError(error)
        }
    }
}

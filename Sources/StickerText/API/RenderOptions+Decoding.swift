/// The one decoder of render options. A JSON request's `options` object, the
/// query string of `GET /api/render` and the CLI's flags all give named
/// values; each source says how a name reads as a string, a whole number, a
/// boolean or one of a closed set, and this decoder alone says which names there are, their
/// defaults and what is valid.
extension RenderOptions {
    /// The names of the options, everywhere they can be given.
    public enum Field: String, CaseIterable, Sendable {
        case baseURL, size, className, lineBreaks, wrapEmoji, lang
    }

    init(decoding values: some OptionValues) throws(APIError) {
        let defaults = RenderOptions()
        baseURL = try values.string(Field.baseURL.rawValue) ?? defaults.baseURL
        size = try values.int(Field.size.rawValue) ?? defaults.size
        className = try values.string(Field.className.rawValue) ?? defaults.className
        lineBreaks = try values.bool(Field.lineBreaks.rawValue) ?? defaults.lineBreaks
        wrapEmoji = try values.bool(Field.wrapEmoji.rawValue) ?? defaults.wrapEmoji
        lang = try values.choice(Field.lang.rawValue, RenderLanguage.self) ?? defaults.lang
        if let problem = validationProblem { throw APIError(.invalidRequest, problem) }
    }

    /// From values written as text (`size=32`, `lineBreaks=false`), as a
    /// query string or command-line flags give them. A name not in `Field`,
    /// or given twice, is an error that names it; its message also lists
    /// `others`, the names the caller takes besides the options (`text`).
    public init(textValues pairs: [(name: String, value: String)], others: [String] = []) throws(APIError) {
        try self.init(decoding: TextValues(pairs, allowed: Field.allCases.map(\.rawValue), others: others))
    }
}

/// Named values of some transport, read by type.
protocol OptionValues {
    func string(_ name: String) throws(APIError) -> String?
    func int(_ name: String) throws(APIError) -> Int?
    func bool(_ name: String) throws(APIError) -> Bool?
    /// One of a closed set by its raw value; any other value is an error
    /// that names the field and the values it takes.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(APIError) -> T? where T.RawValue == String
}

extension JSONFields: OptionValues {}

/// Values written as text: whole numbers as JSON writes them (`45`, and
/// `45.0`, as JSON Schema counts integers), booleans as `true`/`false` or
/// `1`/`0`, a choice as its raw value (`zh`).
struct TextValues: OptionValues {
    private let values: [String: String]

    init(_ pairs: [(name: String, value: String)], allowed: [String], others: [String] = []) throws(APIError) {
        var values: [String: String] = [:]
        for (name, value) in pairs {
            guard allowed.contains(name) else {
                throw APIError(.invalidRequest, "unknown parameter \"\(name)\"; expected \((others + allowed).joined(separator: ", "))")
            }
            if values.updateValue(value, forKey: name) != nil { throw APIError(.invalidRequest, "\(name) is given twice") }
        }
        self.values = values
    }

    func string(_ name: String) throws(APIError) -> String? { values[name] }

    func int(_ name: String) throws(APIError) -> Int? {
        guard let text = values[name] else { return nil }
        let number = Array(text.utf8).withUnsafeBufferPointer { try? JSONValue.parse($0) }
        guard case .number(let literal) = number else { throw APIError(.invalidRequest, "\(name) must be a whole number") }
        return try JSONValue.wholeNumber(literal, named: name)
    }

    func bool(_ name: String) throws(APIError) -> Bool? {
        guard let text = values[name] else { return nil }
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: throw APIError(.invalidRequest, "\(name) must be true or false")
        }
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(APIError) -> T? where T.RawValue == String {
        guard let raw = values[name] else { return nil }
        guard let value = T(rawValue: raw) else {
            throw APIError(.invalidRequest, "\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(raw)\"")
        }
        return value
    }
}

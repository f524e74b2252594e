import StickerText

/// Values written as text: whole numbers as JSON writes them (`45`, and
/// `45.0`, as JSON Schema counts integers), booleans as `true`/`false` or
/// `1`/`0`, a choice as its raw value (`zh`).
struct TextValues: OptionValues {
    private let values: [FieldName: String]

    init(_ pairs: [(name: String, value: String)], allowed: [String], others: [String] = []) throws(JSONError) {
        var values: [FieldName: String] = [:]
        for (name, value) in pairs {
            let key = FieldName(name)
            guard allowed.contains(where: key.is) else {
                throw JSONError(
                    .invalidValue,
                    "unknown parameter \"\(name)\"; expected \((others + allowed).joined(separator: ", "))")
            }
            if values.updateValue(value, forKey: key) != nil {
                throw JSONError(.invalidValue, "\(name) is given twice")
            }
        }
        self.values = values
    }

    func string(_ name: String) throws(JSONError) -> String? { values[FieldName(name)] }

    func int(_ name: String) throws(JSONError) -> Int? {
        guard let text = values[FieldName(name)] else { return nil }
        let number = try? JSONValue.parse(text.utf8Span)
        guard case .number(let literal) = number else {
            throw JSONError(.invalidValue, "\(name) must be a whole number")
        }
        return try JSONValue.wholeNumber(literal, named: name)
    }

    func bool(_ name: String) throws(JSONError) -> Bool? {
        guard let text = values[FieldName(name)] else { return nil }
        if ["true", "1"].contains(where: FieldName(text).is) { return true }
        if ["false", "0"].contains(where: FieldName(text).is) { return false }
        throw JSONError(.invalidValue, "\(name) must be true or false")
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(JSONError) -> T?
    where T.RawValue == String {
        guard let raw = values[FieldName(name)] else { return nil }
        guard let value = FieldName.choice(raw, of: type) else {
            throw JSONError(
                .invalidValue,
                "\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(raw)\"")
        }
        return value
    }
}

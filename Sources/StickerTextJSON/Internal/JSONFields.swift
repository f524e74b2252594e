/// Reads the fields of one JSON object for a type (a request's, `pack.json`'s,
/// another system's document's), with errors that name the field by its
/// path (`policy.maxLength`).
///
/// `allowed` is a constant list (a `static let`: an array literal at the call
/// would be made again each time). Once every name is known to be in it, the
/// object has at most as many members as it has names, so that reading a
/// field by name, a scan of the members, is bounded by the type, not by the
/// document.
package struct JSONFields {
    let fields: JSONObject
    let path: String

    package init(_ value: JSONValue, path: String = "", allowed: [String]) throws(JSONError) {
        guard case .object(let fields) = value else {
            throw JSONError(
                .invalidValue, "\(path.isEmpty ? "the body" : path) must be a JSON object, not \(value.typeName)")
        }
        // The least unknown name, so that the same one is named every time
        // (each name compared with the allowed few: linear in the members).
        var unknown: FieldName?
        for k in fields.members.indices {
            let name = fields.members[k].name.text
            if allowed.contains(where: { FieldName.sameBytes($0, name) }) { continue }
            if unknown.map({ FieldName(name) < $0 }) ?? true { unknown = FieldName(name) }
        }
        if let unknown = unknown?.text {
            let field = path.isEmpty ? unknown : "\(path).\(unknown)"
            throw JSONError(.invalidValue, "unknown field \"\(field)\"; expected \(allowed.joined(separator: ", "))")
        }
        self.fields = fields
        self.path = path
    }

    package func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func wrong(_ key: String, _ expected: String, _ value: JSONValue) -> JSONError {
        JSONError(.invalidValue, "\(name(key)) must be \(expected), not \(value.typeName)")
    }

    package func string(_ key: String) throws(JSONError) -> String? {
        guard let value = fields.value(named: key) else { return nil }
        switch value {
        case .null: return nil
        case .string(let s): return s
        default: throw wrong(key, "a string", value)
        }
    }

    package func requiredString(_ key: String) throws(JSONError) -> String {
        guard let s = try string(key) else { throw JSONError(.invalidValue, "missing \"\(name(key))\"") }
        return s
    }

    /// A field that must be there (and not null), read by `read`.
    package func required<T>(_ key: String, _ read: (String) throws(JSONError) -> T?) throws(JSONError) -> T {
        guard let value = try read(key) else { throw JSONError(.invalidValue, "missing \"\(name(key))\"") }
        return value
    }

    package func requiredInt(_ key: String) throws(JSONError) -> Int {
        try required(key) { (key) throws(JSONError) in try int(key) }
    }

    package func requiredChoice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(JSONError)
        -> T
    where T.RawValue == String {
        try required(key) { (key) throws(JSONError) in try choice(key, type) }
    }

    package func requiredObject(_ key: String, allowed: [String]) throws(JSONError) -> JSONFields {
        try required(key) { (key) throws(JSONError) in try object(key, allowed: allowed) }
    }

    package func array(_ key: String) throws(JSONError) -> [JSONValue]? {
        guard let value = fields.value(named: key) else { return nil }
        switch value {
        case .null: return nil
        case .array(let items): return items
        default: throw wrong(key, "an array", value)
        }
    }

    package func requiredArray(_ key: String) throws(JSONError) -> [JSONValue] {
        try required(key) { (key) throws(JSONError) in try array(key) }
    }

    package func int(_ key: String) throws(JSONError) -> Int? {
        guard let value = fields.value(named: key) else { return nil }
        switch value {
        case .null: return nil
        case .number(let literal):
            return try JSONValue.wholeNumber(literal, named: name(key))
        default: throw wrong(key, "a whole number", value)
        }
    }

    package func bool(_ key: String) throws(JSONError) -> Bool? {
        guard let value = fields.value(named: key) else { return nil }
        switch value {
        case .null: return nil
        case .bool(let b): return b
        default: throw wrong(key, "true or false", value)
        }
    }

    @inlinable
    package func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(JSONError) -> T?
    where T.RawValue == String {
        guard let raw = try string(key) else { return nil }
        guard let value = FieldName.choice(raw, of: type) else {
            throw JSONError(
                .invalidValue,
                "\(name(key)) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(raw)\"")
        }
        return value
    }

    package func object(_ key: String, allowed: [String]) throws(JSONError) -> JSONFields? {
        guard let value = fields.value(named: key) else { return nil }
        if case .null = value { return nil }
        return try JSONFields(value, path: name(key), allowed: allowed)
    }
}

/// Reads the fields of one JSON object for a request type, with errors that
/// name the field by its path (`policy.maxLength`).
struct JSONFields {
    let fields: [FieldName: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String = "", allowed: [String]) throws(APIError) {
        guard case .object(let fields) = value else {
            throw APIError(.invalidRequest, "\(path.isEmpty ? "the body" : path) must be a JSON object, not \(value.typeName)")
        }
        // The least unknown name, so that the same one is named every time.
        if let unknown = fields.keys.filter({ name in !allowed.contains { name.is($0) } }).min()?.text {
            let field = path.isEmpty ? unknown : "\(path).\(unknown)"
            throw APIError(.invalidRequest, "unknown field \"\(field)\"; expected \(allowed.joined(separator: ", "))")
        }
        self.fields = fields
        self.path = path
    }

    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func wrong(_ key: String, _ expected: String, _ value: JSONValue) -> APIError {
        APIError(.invalidRequest, "\(name(key)) must be \(expected), not \(value.typeName)")
    }

    func has(_ key: String) -> Bool {
        if let value = fields[FieldName(key)], case .null = value { return false }
        return fields[FieldName(key)] != nil
    }

    func string(_ key: String) throws(APIError) -> String? {
        guard let value = fields[FieldName(key)] else { return nil }
        switch value {
        case .null: return nil
        case .string(let s): return s
        default: throw wrong(key, "a string", value)
        }
    }

    func requiredString(_ key: String, for what: String? = nil) throws(APIError) -> String {
        guard let s = try string(key) else {
            throw APIError(.invalidRequest, "\(what.map { "\($0) needs" } ?? "missing") \"\(name(key))\"")
        }
        return s
    }

    /// A field that must be there (and not null), read by `read`.
    func required<T>(_ key: String, _ read: (String) throws(APIError) -> T?) throws(APIError) -> T {
        guard let value = try read(key) else { throw APIError(.invalidRequest, "missing \"\(name(key))\"") }
        return value
    }

    func requiredInt(_ key: String) throws(APIError) -> Int { try required(key) { (k) throws(APIError) in try int(k) } }

    func requiredChoice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(APIError) -> T where T.RawValue == String {
        try required(key) { (k) throws(APIError) in try choice(k, type) }
    }

    func requiredObject(_ key: String, allowed: [String]) throws(APIError) -> JSONFields {
        try required(key) { (k) throws(APIError) in try object(k, allowed: allowed) }
    }

    func array(_ key: String) throws(APIError) -> [JSONValue]? {
        guard let value = fields[FieldName(key)] else { return nil }
        switch value {
        case .null: return nil
        case .array(let items): return items
        default: throw wrong(key, "an array", value)
        }
    }

    func requiredArray(_ key: String) throws(APIError) -> [JSONValue] { try required(key) { (k) throws(APIError) in try array(k) } }

    func int(_ key: String) throws(APIError) -> Int? {
        guard let value = fields[FieldName(key)] else { return nil }
        switch value {
        case .null: return nil
        case .number(let literal):
            return try JSONValue.wholeNumber(literal, named: name(key))
        default: throw wrong(key, "a whole number", value)
        }
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        guard let value = fields[FieldName(key)] else { return nil }
        switch value {
        case .null: return nil
        case .bool(let b): return b
        default: throw wrong(key, "true or false", value)
        }
    }

    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(APIError) -> T? where T.RawValue == String {
        guard let raw = try string(key) else { return nil }
        guard let value = FieldName.choice(raw, of: type) else {
            throw APIError(.invalidRequest, "\(name(key)) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(raw)\"")
        }
        return value
    }

    func object(_ key: String, allowed: [String]) throws(APIError) -> JSONFields? {
        guard let value = fields[FieldName(key)] else { return nil }
        if case .null = value { return nil }
        return try JSONFields(value, path: name(key), allowed: allowed)
    }
}

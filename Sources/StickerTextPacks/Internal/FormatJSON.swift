import Foundation
import StickerText
import StickerTextJSON

/// Other systems' JSON documents, read into their `Decodable` layouts and
/// written from their `Encodable` ones.
enum FormatJSON {
    /// `bytes` as a `T`: first checked by the transport's strict parser (UTF-8,
    /// RFC 8259, no duplicate keys, a depth limit), then decoded. Fields the
    /// layout does not name are passed over (other systems add their own:
    /// Misskey's export holds the whole database row of each emoji); a field
    /// it names must have its type, and the error names its path in `file`.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], file: String) throws(InputError)
        -> T
    {
        do {
            _ = try JSONValue.parse(bytes)
        } catch {
            throw problem(file, nil, "malformed JSON: \(error.message)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            let (path, message) = describe(error)
            throw problem(file, path.isEmpty ? nil : path, message)
        } catch {
            throw problem(file, nil, "\(error)")
        }
    }

    /// The problem an entry decoded alone (`Attempt`) has, in `file`.
    static func issue(_ error: DecodingError, file: String) -> StickerPack.Issue {
        let (path, message) = describe(error)
        return StickerPack.Issue(file: file, entry: path.isEmpty ? nil : path, message: message)
    }

    /// The values of `entries` that decoded, each with its key, and the problems of the others.
    static func split<Key, Value>(_ entries: [(Key, Attempt<Value>)], file: String) -> (
        [(Key, Value)], [StickerPack.Issue]
    ) {
        var values: [(Key, Value)] = []
        var issues: [StickerPack.Issue] = []
        for (key, entry) in entries {
            switch entry.result {
            case .success(let value): values.append((key, value))
            case .failure(let error): issues.append(issue(error, file: file))
            }
        }
        return (values, issues)
    }

    /// Pretty JSON with sorted keys and unescaped slashes: the same packs
    /// give the same bytes.
    static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(value)) ?? Data()) + [0x0A]
    }

    /// The field path (`emojis[3].emoji.name`) and what is wrong with it.
    private static func describe(_ error: DecodingError) -> (String, String) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { path, key in
                if let index = key.intValue { return "\(path)[\(index)]" }
                return path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)"
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath), "missing \"\(path(context.codingPath + [key]))\"")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "must be \(typeName(type))")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "must be \(typeName(type)), not null")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        case _ where String(describing: type).hasPrefix("Array"): "an array"
        case _ where String(describing: type).hasPrefix("Dictionary"): "an object"
        default: "an object"
        }
    }
}

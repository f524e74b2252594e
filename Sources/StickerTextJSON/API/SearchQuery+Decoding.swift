import StickerText

/// A search from query parameters (`GET /api/stickers`) or the CLI's words.
extension SearchQuery {
    /// The query parameters of `GET /api/stickers`.
    public enum Parameter: String, CaseIterable, Sendable {
        case q, limit
    }

    /// From `q=…&limit=…` (or the CLI's words): `q` is required, each name
    /// at most once, no other names.
    public init(textValues pairs: [(name: String, value: String)]) throws(APIError) {
        let given: (text: String, limit: Int?)
        do throws(JSONError) {
            let values = try TextValues(pairs, allowed: Parameter.allCases.map(\.rawValue))
            guard let text = try values.string(Parameter.q.rawValue) else {
                throw JSONError(.invalidValue, "the q parameter is required")
            }
            given = (text, try values.int(Parameter.limit.rawValue))
        } catch {
            throw APIError(error)
        }
        do {
            try self.init(given.text, limit: given.limit)
        } catch {
            throw APIError(error)
        }
    }
}

import StickerText

/// `GET /api/stickers`, from its query parameters (or the CLI's words).
extension StickerTextAPI {
    /// The query parameters of `GET /api/stickers`.
    public enum SearchParameter: String, CaseIterable, Sendable {
        case q, limit
    }

    /// From `q=…&limit=…`: `q` is required, each name at most once, no other names.
    public func search(textValues pairs: [(name: String, value: String)]) throws(APIError) -> [UInt8] {
        let given: (text: String, limit: Int?)
        do throws(JSONError) {
            let values = try TextValues(pairs, allowed: SearchParameter.allCases.map(\.rawValue))
            guard let text = try values.string(SearchParameter.q.rawValue) else {
                throw JSONError(.invalidValue, "the q parameter is required")
            }
            given = (text, try values.int(SearchParameter.limit.rawValue))
        } catch {
            throw APIError(error)
        }
        return try search(given.text, limit: given.limit)
    }

    /// `{"stickers": [...]}`, best first; `limit` nil is the default.
    public func search(_ text: String, limit: Int? = nil) throws(APIError) -> [UInt8] {
        do {
            return catalog.searchDocument(try catalog.search(text, limit: limit ?? StickerCatalog.defaultSearchLimit))
        } catch {
            throw APIError(error)
        }
    }
}

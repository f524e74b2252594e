import StickerText
import Testing

/// A search's checks are the core's, in its own words; the API words them
/// for its `q` and `limit` parameters (the conformance corpus and
/// `SearchEndpointTests` hold those).
struct SearchQueryTests {
    @Test func aQueryWithinTheLimitsIsMade() throws {
        let query = try SearchQuery(String(repeating: "笑", count: SearchQuery.maxLength))
        #expect(query.limit == SearchQuery.defaultLimit)
        #expect(try SearchQuery("doge", limit: 100).limit == 100)
    }

    @Test func eachCheckHasItsError() {
        #expect(throws: InputError.emptySearch) { try SearchQuery("") }
        // Scalars, not characters: a flag is two.
        #expect(throws: InputError.searchTooLong(length: 66)) {
            try SearchQuery(String(repeating: "🇨🇳", count: 33))
        }
        #expect(throws: InputError.nulInSearch) { try SearchQuery("a\u{0}b") }
        #expect(throws: InputError.limitOutOfRange(0)) { try SearchQuery("a", limit: 0) }
        #expect(throws: InputError.limitOutOfRange(101)) { try SearchQuery("a", limit: 101) }
    }

    @Test func theErrorsSayNothingOfTheAPIsParameters() {
        for error in [InputError.emptySearch, .searchTooLong(length: 65), .nulInSearch, .limitOutOfRange(0)] {
            #expect(!error.description.hasPrefix("q "), "\(error)")
        }
        #expect(InputError.limitOutOfRange(0).description == "a limit of 0 results; it must be between 1 and 100")
    }
}

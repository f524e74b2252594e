import StickerText
import Testing

/// A search's checks are the core's, in its own words; the API words them
/// for its `q` and `limit` parameters (the conformance corpus and
/// `SearchEndpointTests` hold those).
struct SearchChecksTests {
    let catalog = StickerCatalog.default

    @Test func aSearchWithinTheLimitsIsRun() throws {
        #expect(try catalog.search(String(repeating: "笑", count: StickerCatalog.maxSearchLength)).isEmpty)
        #expect(try catalog.search("x").count == StickerCatalog.defaultSearchLimit)
        #expect(try catalog.search("x", limit: 100).count > StickerCatalog.defaultSearchLimit)
        #expect(try catalog.search("x", limit: 1).count == 1)
    }

    @Test func eachCheckHasItsError() {
        #expect(throws: InputError.emptySearch) { try catalog.search("") }
        // Scalars, not characters: a flag is two.
        #expect(throws: InputError.searchTooLong(length: 66)) {
            try catalog.search(String(repeating: "🇨🇳", count: 33))
        }
        #expect(throws: InputError.nulInSearch) { try catalog.search("a\u{0}b") }
        #expect(throws: InputError.limitOutOfRange(0)) { try catalog.search("a", limit: 0) }
        #expect(throws: InputError.limitOutOfRange(101)) { try catalog.search("a", limit: 101) }
    }

    @Test func theErrorsSayNothingOfTheAPIsParameters() {
        for error in [InputError.emptySearch, .searchTooLong(length: 65), .nulInSearch, .limitOutOfRange(0)] {
            #expect(!error.description.hasPrefix("q "), "\(error)")
        }
        #expect(InputError.limitOutOfRange(0).description == "a limit of 0 results; it must be between 1 and 100")
    }
}

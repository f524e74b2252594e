import Foundation
import StickerTextJSON
import StickerTextTestSupport
import Testing

/// nst/JSONTestSuite (`Tests/JSONTestSuite/`, see its README): 318 documents
/// no one here wrote, each given as a request body to the entry the server
/// gives `POST /api/count`'s, `StickerTextAPI.count`, and to the parser behind
/// it. Its name says what a parser must do: `y_` parse, `n_` refuse, `i_` either.
struct JSONTestSuiteTests {
    static let folder = repositoryFile("Tests/JSONTestSuite/test_parsing")

    /// The suite's files whose name starts with `prefix`, in order.
    static func files(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The two `y_` files with a name given twice in one object: JSON by RFC
    /// 8259's grammar, refused as a request (which value would win is not JSON's to say).
    static let duplicateKeys = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    let api = StickerTextAPI()

    func bytes(_ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
    }

    /// The API's answer to the file as a `POST /api/count` body.
    func count(_ file: String) throws -> Result<[UInt8], APIError> {
        let body = try bytes(file)
        do {
            return .success(try api.count(body))
        } catch {
            return .failure(error)
        }
    }

    @Test func theSuiteIsHereWhole() {
        #expect(Self.files("y_").count == 95)
        #expect(Self.files("n_").count == 188)
        #expect(Self.files("i_").count == 35)
        for file in Self.duplicateKeys { #expect(Self.files("y_").contains(file)) }
    }

    @Test(arguments: files("y_").filter { !duplicateKeys.contains($0) })
    func aDocumentThatMustParseIsJSONToTheAPI(_ file: String) throws {
        do {
            _ = try JSONValue.parse(try bytes(file))
        } catch let error as JSONError {
            Issue.record("\(file): \(error.message)")
        }
        // None is a count request (none has `text`): refused as a request, never as JSON.
        if case .failure(let error) = try count(file) {
            #expect(error.code == .invalidRequest, "\(file): \(error)")
        }
    }

    @Test(arguments: duplicateKeys)
    func aDocumentWithADuplicatedKeyIsAnInvalidRequestThatNamesTheKey(_ file: String) throws {
        let body = try bytes(file)
        #expect(throws: APIError(.invalidRequest, #"duplicate field "a" at byte 9: a field may be given once"#)) {
            try api.count(body)
        }
    }

    @Test(arguments: files("n_"))
    func aDocumentThatMustBeRefusedIsInvalidJSONOrInvalidUTF8(_ file: String) throws {
        switch try count(file) {
        case .success(let answer): Issue.record("\(file) accepted: \(String(decoding: answer, as: UTF8.self))")
        case .failure(let error): #expect([.invalidJSON, .invalidUTF8].contains(error.code), "\(file): \(error)")
        }
    }

    /// RFC 8259 leaves these to the parser (numbers past any float, lone
    /// surrogates, UTF-16, a byte order mark, 500 levels): each is answered,
    /// and with a 400 of the body's, never a crash or another error.
    @Test(arguments: files("i_"))
    func anImplementationDefinedDocumentIsAnsweredAsABadBody(_ file: String) throws {
        if case .failure(let error) = try count(file) {
            #expect([.invalidJSON, .invalidUTF8, .invalidRequest].contains(error.code), "\(file): \(error)")
        }
    }
}

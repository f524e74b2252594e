import Foundation
import StickerText
import Testing

/// Runs every case of `Tests/cases/edit-cases.json` (shared with the page's
/// JS tests) through the JSON API, comparing only the fields each case names.
struct SharedCaseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let kind: String
        let name: String
        let request: [UInt8]
        let expect: String?  // canonical JSON of the expected fields
        let error: String?
        var testDescription: String { "\(kind): \(name)" }
    }

    static let cases: [Case] = {
        let data = try! Data(contentsOf: repositoryFile("Tests/cases/edit-cases.json"))
        let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return ["edit", "count"].flatMap { kind in
            (root[kind] as! [[String: Any]]).map {
                Case(kind: kind, name: $0["name"] as! String, request: jsonBody($0["request"]!),
                     expect: ($0["expect"]).map(canonicalJSON), error: $0["error"] as? String)
            }
        }
    }()

    @Test(arguments: cases)
    func sharedCase(_ c: Case) throws {
        let api = StickerTextAPI()
        do {
            let response = jsonObject(c.kind == "edit" ? try api.edit(c.request) : try api.count(c.request))
            #expect(c.error == nil, "expected error \(c.error ?? "")")
            let expected = try JSONSerialization.jsonObject(with: Data(c.expect!.utf8), options: .fragmentsAllowed) as! [String: Any]
            for (key, value) in expected {
                #expect(canonicalJSON(response[key] ?? NSNull()) == canonicalJSON(value), "\(key)")
            }
        } catch {
            #expect((error as? RequestError)?.code == c.error, "\(error)")
        }
    }
}

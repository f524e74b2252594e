import Foundation
import StickerText
import StickerTextJSON
import StickerTextTestSupport
import Testing

/// Runs every case of every `Tests/conformance/*.json` (format in its README)
/// through the JSON API: the corpus the page's JS model runs too, so the two
/// are held to one spec.
struct ConformanceTests {
    enum Endpoint: String, CaseIterable, Sendable {
        case edit, count, render, search

        func call(_ api: StickerTextAPI, _ body: [UInt8]) throws(APIError) -> [UInt8] {
            switch self {
            case .edit: return try api.edit(body)
            case .count: return try api.count(body)
            case .render: return try api.render(body)
            case .search:
                // `{q, limit?}`: the query parameters of GET /api/stickers.
                let request = jsonObject(body)
                return try api.search(request["q"] as! String, limit: request["limit"] as? Int)
            }
        }

        /// The fields a case can expect: the response's own, and for a search
        /// `found` (each result's tag, or its emoji) and `match`, in order.
        func fields(of response: [UInt8]) -> [String: Any] {
            var fields = jsonObject(response)
            if self == .search, let stickers = fields["stickers"] as? [[String: Any]] {
                fields["found"] = stickers.map { ($0["tag"] ?? $0["emoji"]) as! String }
                fields["match"] = stickers.map { $0["match"] as! String }
            }
            return fields
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let endpoint: Endpoint
        let name: String
        let request: [UInt8]
        /// Canonical JSON of each expected field, by field name.
        let expect: [String: String]?
        let error: String?
        var testDescription: String { "\(file) \(endpoint.rawValue): \(name)" }
    }

    /// The cases, sorted by file, and whatever in the files is not in the
    /// documented format: a file being edited fails one test, not the run.
    static let corpus: (cases: [Case], problems: [String]) = {
        let folder = repositoryFile("Tests/conformance")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        var problems = files.isEmpty ? ["no *.json files in \(folder.path)"] : []
        for file in files {
            let root: [String: Any]
            do {
                guard
                    let object = try jsonValue(Data(contentsOf: folder.appendingPathComponent(file))) as? [String: Any]
                else {
                    problems.append("\(file): not a JSON object")
                    continue
                }
                root = object
            } catch {
                problems.append("\(file): \(error)")
                continue
            }
            for key in root.keys.sorted() where key != "about" && Endpoint(rawValue: key) == nil {
                problems.append("\(file): unknown list \"\(key)\"; the lists are edit, count, render and search")
            }
            for endpoint in Endpoint.allCases {
                guard let list = root[endpoint.rawValue] else { continue }
                guard let list = list as? [[String: Any]] else {
                    problems.append("\(file) \(endpoint.rawValue): not a list of cases")
                    continue
                }
                for (i, c) in list.enumerated() {
                    let at = "\(file) \(endpoint.rawValue)[\(i)]"
                    guard let name = c["name"] as? String, let request = c["request"] else {
                        problems.append("\(at): a case needs a \"name\" and a \"request\"")
                        continue
                    }
                    let expect = c["expect"] as? [String: Any]
                    if c["expect"] != nil && expect == nil {
                        problems.append("\(at) \(name): \"expect\" is not an object")
                    }
                    if c["error"] != nil && !(c["error"] is String) {
                        problems.append("\(at) \(name): \"error\" is not a code")
                    }
                    cases.append(
                        Case(
                            file: file, endpoint: endpoint, name: name, request: jsonBody(request),
                            expect: expect?.mapValues(canonicalJSON), error: c["error"] as? String))
                }
            }
        }
        return (cases, problems)
    }()

    static let api = StickerTextAPI()

    @Test(arguments: corpus.cases)
    func theAPIAnswersAsTheCaseExpects(_ c: Case) {
        let response: [UInt8]
        do {
            response = try c.endpoint.call(Self.api, c.request)
        } catch {
            #expect(error.code.rawValue == c.error, "\(error)")
            return
        }
        guard let expect = c.expect else {
            Issue.record(
                "\(c.error.map { "expected error \($0)" } ?? "no expect"), got \(String(decoding: response, as: UTF8.self))"
            )
            return
        }
        let fields = c.endpoint.fields(of: response)
        for (field, expected) in expect.sorted(by: { $0.key < $1.key }) {
            guard let actual = fields[field] else {
                Issue.record("no \"\(field)\" in \(String(decoding: response, as: UTF8.self))")
                continue
            }
            #expect(canonicalJSON(actual) == expected, "\(field)")
        }
    }

    @Test func everyConformanceFileIsInTheDocumentedFormat() {
        #expect(Self.corpus.problems == [])
    }

    @Test func caseNamesAreUniqueAcrossTheCorpus() {
        let repeated = Dictionary(grouping: Self.corpus.cases, by: \.name).values.filter { $0.count > 1 }
            .map { $0.map(\.testDescription) }.sorted { $0[0] < $1[0] }
        #expect(repeated == [])
    }

    /// The corpus is the one spec both implementations run: it must cover the rules, not sample them.
    @Test func theCorpusHoldsAtLeast400Cases() {
        #expect(Self.corpus.cases.count >= 400)
    }

    @Test func everyCaseHasExactlyOneOfExpectAndError() {
        #expect(Self.corpus.cases.filter { ($0.expect == nil) == ($0.error == nil) }.map(\.testDescription) == [])
    }
}

import Foundation
import StickerText
import StickerTextJSON
import Testing

/// The closed sets of the API are Swift enums; public/openapi.yaml lists each
/// of them exactly, so a case added in Swift cannot be missing from the
/// contract (the error codes: `NginxErrorPagesTests`).
struct OpenAPIListsTests {
    static let spec: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("public/openapi.yaml"), encoding: .utf8)) ?? ""
    }()

    /// The `enum: […]` flow list of `key` in components.schemas.`schema` (of
    /// the schema itself without a key), without `null`.
    func list(_ schema: String, _ key: String? = nil) throws -> [String] {
        let start = try #require(Self.spec.range(of: "\n    \(schema):\n"), "no schema \(schema)")
        let rest = Self.spec[start.upperBound...]
        let end = rest.range(of: "\n    [A-Za-z]", options: .regularExpression)?.lowerBound ?? rest.endIndex
        let body = rest[..<end]
        var from = body.startIndex
        if let key { from = try #require(body.range(of: " \(key):"), "no \(key) in \(schema)").upperBound }
        let open = try #require(body[from...].range(of: "enum: ["), "no enum for \(schema).\(key ?? "")")
        let close = try #require(body[open.upperBound...].firstIndex(of: "]"))
        return body[open.upperBound..<close].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0 != "null" }
    }

    @Test func editOperations() throws {
        #expect(try list("EditRequest", "op") == EditOperation.Kind.allCases.map(\.rawValue))
    }

    @Test func offsetUnits() throws {
        #expect(try list("EditRequest", "unit") == TextRange.Unit.allCases.map(\.rawValue))
    }

    @Test func policyRules() throws {
        #expect(try list("Policy", "countMode") == InputPolicy.CountMode.allCases.map(\.rawValue))
        #expect(try list("Counts", "countMode") == InputPolicy.CountMode.allCases.map(\.rawValue))
        #expect(try list("Policy", "emoji") == InputPolicy.EmojiRule.allCases.map(\.rawValue))
        #expect(try list("Policy", "content") == InputPolicy.ContentRule.allCases.map(\.rawValue))
    }

    /// One set of rules for both: a count never reports NUL (`text`), and `maxLength` cuts an edit short rather than refusing it.
    @Test func policyOutcomes() throws {
        let rules = InputPolicy.Violation.allCases
        #expect(try list("Counts", "violations") == rules.filter { $0 != .nul }.map(\.rawValue))
        #expect(try Set(list("EditResponse", "rejected")) == Set(rules.filter { $0 != .maxLength }.map(\.rawValue)))
    }

    @Test func packKinds() throws {
        #expect(try list("Packs", "kind") == StickerPack.Kind.allCases.map(\.rawValue))
    }

    /// The languages of the aria-label, one schema for the JSON option and the query parameter.
    @Test func renderLanguages() throws {
        #expect(try list("RenderLanguage") == RenderOptions.Language.allCases.map(\.rawValue))
        #expect(
            Self.spec.contains(
                ##"lang: { type: [string, "null"], if: { type: string }, "##
                    + ##"then: { $ref: "#/components/schemas/RenderLanguage" } }"##
            ))
        #expect(
            Self.spec.contains(
                "- name: lang\n          in: query\n          schema: { $ref: \"#/components/schemas/RenderLanguage\" }"
            ))
    }

    /// Every render option is a property of RenderOptions and a query parameter of GET /api/render.
    @Test func renderOptions() throws {
        let start = try #require(Self.spec.range(of: "\n    RenderOptions:\n"))
        let options = Self.spec[start.upperBound...].prefix(1200)
        for field in RenderOptions.Field.allCases.map(\.rawValue) {
            #expect(options.contains("\n        \(field):"), "RenderOptions lacks \(field)")
            #expect(Self.spec.contains("- name: \(field)\n          in: query"), "GET /api/render lacks \(field)")
        }
    }

    @Test func searchMatches() throws {
        #expect(try list("SearchMatch") == SearchResult.Match.allCases.map(\.rawValue))
    }

    /// Every query parameter a search reads is a parameter of GET /api/stickers, and no other.
    @Test func searchParameters() throws {
        let start = try #require(Self.spec.range(of: "\n  /api/stickers:\n"))
        let path = Self.spec[start.upperBound...].prefix { _ in true }
        let end = path.range(of: "\n  /api/")?.lowerBound ?? path.endIndex
        let names = path[..<end].components(separatedBy: "\n        - name: ").dropFirst()
            .filter { $0.contains("\n          in: query") }.map { String($0.prefix { $0 != "\n" }) }
        #expect(names == StickerTextAPI.SearchParameter.allCases.map(\.rawValue))
    }
}

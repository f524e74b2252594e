import Foundation
import StickerTextTestSupport
import Testing

/// The core (Sources/StickerText) is the domain: no HTTP, no route, no JSON
/// (`pack.json` is read and written by the transport, StickerTextJSON; the
/// default packs are Swift values; the renderer writes into an `HTMLSink`,
/// which the transport's escapes the HTML into a JSON string).
///
/// That the core imports no other module of the package is the compiler's
/// check, not this file's: its target has no dependency (below), and `make
/// test` builds with `--explicit-target-dependency-import-check error`, so an
/// import of a module it does not depend on fails the build. Its tests
/// (StickerTextTests) depend on the core alone, so they cannot reach past it
/// either. What a compiler cannot see, the words of the layers above, is
/// looked for here.
struct CoreBoundaryTests {
    static let core = repositoryRoot.appendingPathComponent("Sources/StickerText")

    /// Every Swift file of the core: its path under Sources/StickerText, and its code without comments.
    static func coreFiles() throws -> [(path: String, code: String)] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: core.path).filter { $0.hasSuffix(".swift") }
            .sorted()
        return try paths.map { path in
            let text = try String(contentsOf: core.appendingPathComponent(path), encoding: .utf8)
            return (path, withoutComments(text))
        }
    }

    /// `text` with its `//` comments dropped (strings in this code hold no `//` but URLs', which keep theirs).
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var searchFrom = line.startIndex
            while let comment = line[searchFrom...].range(of: "//") {
                if line[..<comment.lowerBound].hasSuffix(":") {
                    searchFrom = comment.upperBound
                    continue
                }  // https://
                return line[..<comment.lowerBound]
            }
            return line
        }.joined(separator: "\n")
    }

    /// The words of the layers above: an HTTP status, a route, the API's
    /// errors and bodies, the JSON writer. Each was in the core once.
    /// (`http://` and `https://` are URLs' schemes, which the weighted count and `baseURL` read: not HTTP.)
    @Test(arguments: [
        "status", "Status", "HTTP", "/api/", "APIError", "ErrorCode", "StickerTextAPI", "JSONWriter", "jsonBody",
        "request body", "EditRequest", "RenderRequest", "CountRequest", "StickerListings", "packsDocument",
    ])
    func theCoreSaysNothingOf(_ word: String) throws {
        for (path, code) in try Self.coreFiles() {
            #expect(!code.contains(word), "\(path) has \"\(word)\" in its code")
        }
    }

    /// JSON is the transport's: no file of the core names it, in its code or its comments.
    @Test func noFileOfTheCoreNamesJSON() throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: Self.core.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(!paths.isEmpty)
        for path in paths {
            let text = try String(contentsOf: Self.core.appendingPathComponent(path), encoding: .utf8)
            #expect(!path.lowercased().contains("json") && !text.lowercased().contains("json"), "\(path) names JSON")
        }
    }

    /// Package.swift: the core target depends on nothing, the transport on the
    /// core alone, and the core's tests on the core (and what tests share).
    @Test func theCoreTargetDependsOnNothing() throws {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            manifest.contains(#".target(name: "StickerText"),"#), "the StickerText target must have no dependencies")
        #expect(manifest.contains(#".target(name: "StickerTextJSON", dependencies: ["StickerText"]),"#))
        // The core's tests see the core alone (and what tests share): no transport to lean on.
        let coreTests = manifest.components(separatedBy: #"name: "StickerTextTests","#)
        #expect(coreTests.count == 2)
        let dependencies = coreTests.last?.components(separatedBy: ".testTarget(").first ?? ""
        #expect(!dependencies.contains(#""StickerTextJSON""#) && !dependencies.contains(#""StickerTextPacks""#))
    }

    /// The check can fail: the code of a file that still held the JSON API's errors.
    @Test func theCheckSeesWhatItLooksFor() {
        let before = """
            /// An error the service answers with (not code).
            public struct APIError: Error {  // its HTTP status
                public var status: Int { code.status }
            }
            """
        let code = Self.withoutComments(before)
        #expect(code.contains("APIError") && code.contains("status"))
        #expect(!code.contains("HTTP") && !code.contains("service answers"))
    }
}

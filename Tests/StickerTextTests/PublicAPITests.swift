import Foundation
import StickerTextTestSupport
import Testing

/// The core's public API, written down: Fixtures/public-api.txt lists every
/// `public` declaration in Sources/StickerText, so that a change to what an
/// embedding program sees shows in review as a change to that file.
/// Declarations public to the package's JSON code only (`@_spi(JSON)`) are
/// listed too, marked, and not counted as the core's API. A nested type is
/// listed by the name a program writes (`public enum InputPolicy.EmojiRule`).
struct PublicAPITests {
    static let core = repositoryRoot.appendingPathComponent("Sources/StickerText")
    static let list = repositoryRoot.appendingPathComponent("Tests/StickerTextTests/Fixtures/public-api.txt")
    static let regenerate = "REGENERATE_PUBLIC_API=1 swift test --filter PublicAPITests"
    /// The top-level types an embedding program sees, the names it has to learn
    /// (Ink has 3); the rest are nested under the type they belong to. More is a decision, made here.
    static let topLevelTypeLimit = 15
    /// Every type it sees, nested ones included.
    static let typeLimit = 25

    /// Each public declaration as `file: declaration` (up to its body, its
    /// lines joined), `spi(JSON)` before those of the package's JSON code.
    static func declarations(in files: [(path: String, text: String)]) -> [String] {
        var found: [String] = []
        for (path, text) in files {
            var spiScope = false  // inside a top-level `@_spi` type
            var spiAttribute = false  // an `@_spi` line just before
            // The public enums open around this line: their cases are API too.
            var enums: [(indent: Int, spi: Bool)] = []
            // The types and extensions open around this line: a type declared inside is named by them.
            var scopes: [(indent: Int, name: String)] = []
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
            while let line = lines.next() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let indent = line.prefix { $0 == " " }.count
                let topLevel = indent == 0 && !trimmed.isEmpty && !trimmed.hasPrefix("//") && !trimmed.hasPrefix("}")
                if topLevel { spiScope = trimmed.contains("@_spi(") }
                if trimmed.hasPrefix("}"), enums.last?.indent == indent { enums.removeLast() }
                if trimmed.hasPrefix("}"), scopes.last?.indent == indent { scopes.removeLast() }
                let opened = trimmed.hasSuffix("{") ? openedScope(trimmed) : nil
                defer { if let opened { scopes.append((indent, opened)) } }
                if trimmed.hasPrefix("case "), let open = enums.last, indent == open.indent + 4 {
                    found.append("\(path): \(open.spi ? "spi(JSON) " : "")\(trimmed.split(separator: "  //")[0])")
                    continue
                }
                // `public …`, or attributes and then `public …`.
                let isDeclaration =
                    trimmed.hasPrefix("public ") || (trimmed.hasPrefix("@") && trimmed.contains(" public "))
                guard isDeclaration, let publicAt = trimmed.range(of: "public ") else {
                    spiAttribute = trimmed.hasPrefix("@") && trimmed.contains("@_spi(")
                    continue
                }
                let isSPI = spiScope || spiAttribute || trimmed.contains("@_spi(")
                spiAttribute = false
                // Up to the body; a declaration whose parameters run on keeps its next lines.
                var declaration = String(trimmed[publicAt.lowerBound...])
                while declaration.filter({ $0 == "(" }).count > declaration.filter({ $0 == ")" }).count,
                    let next = lines.next()
                {
                    declaration += " " + next.trimmingCharacters(in: .whitespaces)
                }
                if let body = declaration.range(of: " {") { declaration = String(declaration[..<body.lowerBound]) }
                if declaration.hasSuffix(" =") { declaration.removeLast(2) }  // a `static let x = { … }()`
                // A nested type by its whole name: `public enum InputPolicy.EmojiRule`.
                if !scopes.isEmpty, let keyword = declaration.range(of: typeKeyword, options: .regularExpression) {
                    declaration.insert(
                        contentsOf: scopes.map { $0.name + "." }.joined(), at: keyword.upperBound)
                }
                if let comment = declaration.range(of: "  //") {
                    declaration = String(declaration[..<comment.lowerBound])
                }
                found.append("\(path): \(isSPI ? "spi(JSON) " : "")\(declaration)")
                if declaration.contains(" enum ") && !declaration.hasSuffix("}") { enums.append((indent, isSPI)) }
            }
        }
        return found
    }

    /// How a type's declaration starts, up to its name.
    static let typeKeyword = #"^public (final |indirect )?(struct|enum|class|protocol|actor|typealias) "#

    /// The name of the type or extension a line opens (`extension InputPolicy {`,
    /// `private struct Row: Hashable {`), or nil.
    static func openedScope(_ line: String) -> String? {
        let opening =
            #"^(@\w+(\([^)]*\))? )*((public|package|internal|fileprivate|private) )?"#
            + #"((final|indirect) )?(struct|enum|class|actor|protocol|extension) "#
        guard let keyword = line.range(of: opening, options: .regularExpression) else { return nil }
        return String(line[keyword.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    }

    static func coreDeclarations() throws -> [String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: core.path).filter { $0.hasSuffix(".swift") }
            .sorted()
        return declarations(
            in: try paths.map { ($0, try String(contentsOf: core.appendingPathComponent($0), encoding: .utf8)) })
    }

    /// The name of the public type a listed declaration declares (`InputPolicy.EmojiRule`),
    /// or nil for a member or a declaration of the JSON code.
    static func typeName(_ declaration: String) -> Substring? {
        guard !declaration.contains(": spi(JSON) "),
            let keyword = declaration.range(of: ": " + typeKeyword.dropFirst(), options: .regularExpression)
        else { return nil }
        return declaration[keyword.upperBound...].prefix { $0 != ":" && $0 != " " && $0 != "<" }
    }

    /// The public types, nested ones included.
    static func types(_ declarations: [String]) -> [String] {
        declarations.filter { typeName($0) != nil }
    }

    /// The types not nested in another: those whose name has no `.`.
    static func topLevelTypes(_ declarations: [String]) -> [String] {
        declarations.filter { typeName($0).map { !$0.contains(".") } ?? false }
    }

    @Test func theCheckedInListIsThePublicAPI() throws {
        let text = try Self.coreDeclarations().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["REGENERATE_PUBLIC_API"] == "1" {
            try text.write(to: Self.list, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: Self.list, encoding: .utf8)
        let (added, removed) = (
            Set(text.split(separator: "\n")).subtracting(checkedIn.split(separator: "\n")),
            Set(checkedIn.split(separator: "\n")).subtracting(text.split(separator: "\n"))
        )
        #expect(
            checkedIn == text,
            """
            The core's public API changed: new \(added.sorted()), gone \(removed.sorted()). If that is meant, \
            run \(Self.regenerate) and commit Tests/StickerTextTests/Fixtures/public-api.txt with the change.
            """)
    }

    @Test func theCoreHasFewPublicTypes() throws {
        let types = Self.types(try Self.coreDeclarations())
        #expect(types.count <= Self.typeLimit, "\(types.count) public types: \(types)")
        let topLevel = Self.topLevelTypes(try Self.coreDeclarations())
        #expect(topLevel.count <= Self.topLevelTypeLimit, "\(topLevel.count) top-level public types: \(topLevel)")
    }

    /// What the scan reads: a multi-line init, a body cut off, an `@_spi`
    /// type's members and an `@_spi` attribute line, nested types by their
    /// whole names, and no private or package declaration.
    @Test func theScanReadsDeclarationsAsWritten() {
        let source = """
            public struct Shown: Sendable {
                public var size: Int { 20 }  // a comment
                package var hidden: Int
                public init(a: Int,
                            b: Int) {}
                @_spi(JSON) @inlinable
                public func forTheTransport() {}

                public struct Part: Hashable {
                    public var name: String
                }
            }

            extension Shown.Part {
                private struct Hidden {
                    var count: Int
                }

                public enum Side: String {
                    case left
                }
            }

            @_spi(JSON) public enum Internal {
                public static func parse() {}
            }

            public enum After: String {
                /// The first.
                case a
                case b = "bee"  // a comment

                public var other: After {
                    switch self {
                    case .a: .b
                    case .b: .a
                    }
                }
            }
            """
        #expect(
            Self.declarations(in: [("X.swift", source)]) == [
                "X.swift: public struct Shown: Sendable",
                "X.swift: public var size: Int",
                "X.swift: public init(a: Int, b: Int)",
                "X.swift: spi(JSON) public func forTheTransport()",
                "X.swift: public struct Shown.Part: Hashable",
                "X.swift: public var name: String",
                "X.swift: public enum Shown.Part.Side: String",
                "X.swift: case left",
                "X.swift: spi(JSON) public enum Internal",
                "X.swift: spi(JSON) public static func parse()",
                "X.swift: public enum After: String",
                "X.swift: case a",
                "X.swift: case b = \"bee\"",
                "X.swift: public var other: After",
            ])
        #expect(
            Self.types(Self.declarations(in: [("X.swift", source)])) == [
                "X.swift: public struct Shown: Sendable", "X.swift: public struct Shown.Part: Hashable",
                "X.swift: public enum Shown.Part.Side: String", "X.swift: public enum After: String",
            ])
        #expect(
            Self.topLevelTypes(Self.declarations(in: [("X.swift", source)])) == [
                "X.swift: public struct Shown: Sendable", "X.swift: public enum After: String",
            ])
    }
}

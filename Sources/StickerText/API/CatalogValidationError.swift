/// Every problem found in a set of packs; a catalog is never half-loaded.
public struct CatalogValidationError: Error, Sendable, CustomStringConvertible {
    public let issues: [Issue]

    /// `package`: the format converters (StickerTextPacks) report their problems the same way.
    package init(issues: [Issue]) {
        self.issues = issues
    }

    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}

import StickerText

/// The one line that ends an import, as tootctl ends its own (`Imported 3,
/// skipped 1, failed to import 2`): stickers written, emoji skipped on
/// purpose (their codes the packs folder's already, or passed over as their
/// system's import passes them), emoji with a problem (left out with
/// `skipInvalid`, or the reason nothing was written).
public struct ImportTotals: Sendable, Equatable, CustomStringConvertible {
    public var imported: Int
    public var skipped: Int
    public var failed: Int

    public init(imported: Int, skipped: Int, failed: Int) {
        self.imported = imported
        self.skipped = skipped
        self.failed = failed
    }

    /// An import that went through (or would, in a dry run).
    public init(_ imported: PackImport, _ written: WrittenPacks) {
        self.init(
            imported: written.packs.reduce(0) { $0 + $1.stickers.count },
            skipped: imported.passedOver + written.skippedCodes, failed: Self.entries(imported.skipped))
    }

    /// An import refused: nothing written, each emoji the refusal names failed.
    public init(refused error: InputError) {
        self.init(imported: 0, skipped: 0, failed: Self.entries(error.issues))
    }

    public var description: String { "imported \(imported), skipped \(skipped), failed \(failed)" }

    /// The emoji `issues` name, each once however many problems it has.
    private static func entries(_ issues: [StickerPack.Issue]) -> Int {
        Set(issues.compactMap { issue in issue.entry.map { "\(issue.file)\u{0}\($0)" } }).count
    }
}

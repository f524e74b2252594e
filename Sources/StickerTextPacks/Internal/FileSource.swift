import StickerText

/// The files an import reads. `label` names the source in errors.
protocol FileSource {
    var label: String { get }
    /// The bytes of the file at `path` (relative, `/`-separated), or nil when there is none.
    func bytes(at path: String) throws(CatalogValidationError) -> [UInt8]?
}

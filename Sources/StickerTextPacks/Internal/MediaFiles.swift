import StickerText

/// Pictures by media id: `<id>` or `<id>.<extension>` in the folder.
struct MediaFiles: FileSource {
    let folder: FolderFiles

    var label: String { folder.label }

    func bytes(at mediaID: String) throws(CatalogValidationError) -> [UInt8]? {
        for name in [mediaID] + ["png", "gif", "webp", "apng"].map({ "\(mediaID).\($0)" }) {
            if let found = try folder.bytes(at: name) { return found }
        }
        return nil
    }
}

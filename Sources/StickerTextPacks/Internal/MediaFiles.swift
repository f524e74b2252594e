import StickerText

/// Pictures by media id: `<id>` or `<id>.<extension>` in the folder, the
/// extension in any case (`AbCdEf.PNG`, as some clients save media).
struct MediaFiles: FileSource {
    let folder: FolderFiles

    var label: String { folder.label }

    func file(at mediaID: String) throws(CatalogValidationError) -> FileLookup {
        let exact = try folder.file(at: mediaID)
        if case .missing = exact {
            let extensions: Set<String> = ["png", "apng", "gif", "webp"]
            for name in folder.names(withStem: mediaID) {
                if extensions.contains(name.dropFirst(mediaID.count + 1).lowercased()) {
                    return try folder.file(at: name)
                }
            }
        }
        return exact
    }
}

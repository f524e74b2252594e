/// Where the pictures a document names by URL are: saved in a folder beside
/// it (`URLFiles`), or on the instance the document came from (`WebFiles`).
enum PictureSource {
    case folder(FolderFiles)
    case web(WebFiles)

    /// The source of the pictures of `urls`, every URL the document names.
    func files(for urls: [String]) -> any FileSource {
        switch self {
        case .folder(let folder): URLFiles(folder: folder, urls: urls)
        case .web(let web): web
        }
    }
}

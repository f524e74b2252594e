import StickerText

/// The files an import reads. `label` names the source in errors.
protocol FileSource {
    var label: String { get }
    /// The file at `path` (relative and `/`-separated, or a URL for the
    /// sources of pictures named by URL). Throws only what stops the whole
    /// import (a limit of all the files together); a file refused alone
    /// (a link, over the limit of one file) is `.refused`, one emoji's problem.
    func file(at path: String) throws(InputError) -> FileLookup
}

/// What a source has at a path.
enum FileLookup {
    case found([UInt8])
    case missing
    /// There, but not to be read: why.
    case refused(String)
}

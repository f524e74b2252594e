import Foundation
import StickerText

/// The pictures of an instance's emoji list, fetched by their URLs
/// (`HTTPFetch`) when asked, within the limits of an archive: each at most
/// the size of one file, all together at most the total and the count of
/// files. A relative URL is read against the list's own.
final class WebFiles: FileSource {
    let label: String
    private let base: URL
    private let limits: ArchiveLimits
    private var budget: ReadBudget

    init(base: URL, limits: ArchiveLimits) {
        self.base = base
        self.limits = limits
        label = base.absoluteString
        budget = ReadBudget(label: label, limits: limits)
    }

    /// The JSON document at `url`: the source of an import from an instance.
    static func document(_ url: URL, limits: ArchiveLimits) throws(InputError) -> (
        name: String, bytes: [UInt8]
    ) {
        switch HTTPFetch.get(url, maxBytes: limits.maxDocumentBytes, limits: limits) {
        case .body(let bytes): return (url.absoluteString, bytes)
        case .tooLarge:
            throw problem(
                url.absoluteString, nil,
                "answers more than \(limits.maxDocumentBytes) bytes, over the limit of one document")
        case .failed(let why): throw problem(url.absoluteString, nil, why)
        }
    }

    func file(at path: String) throws(InputError) -> FileLookup {
        guard let url = URL(string: path, relativeTo: base)?.absoluteURL else { return .refused("is not a URL") }
        guard HTTPFetch.isFetchable(url) else { return .refused("is not an http or https URL") }
        try budget.countFile()
        switch HTTPFetch.get(url, maxBytes: limits.maxFileBytes, limits: limits) {
        case .body(let bytes):
            try budget.countBytes(bytes.count)
            return .found(bytes)
        case .tooLarge:
            return .refused("is over the limit of \(limits.maxFileBytes) bytes for one file (--max-file-bytes)")
        case .failed(let why):
            return .refused(why)
        }
    }
}

import Foundation
import StickerText

/// The pictures of an instance's emoji list, fetched by their URLs
/// (`HTTPFetch`) when asked, within the limits of an archive: each at most
/// the size of one file, all together at most the total and the count of
/// files; only from public addresses, or the instance's own host when the
/// admin allows it (`FetchAccess`); the list and all the pictures within
/// `ImportOptions.totalSeconds`. A relative URL is read against the list's own.
final class WebFiles: FileSource {
    let label: String
    private let base: URL
    private let limits: ArchiveLimits
    private let access: FetchAccess
    private let totalSeconds: Double
    /// When the whole import's time runs out: counted from the start, the list's fetch included.
    private let ends: ContinuousClock.Instant
    private var budget: ReadBudget

    /// `access`: by default the system's resolver, and the base URL's host
    /// and port as the one that may be private when the options allow it.
    init(base: URL, options: ImportOptions, access: FetchAccess? = nil) {
        self.base = base
        limits = options.limits
        label = base.absoluteString
        budget = ReadBudget(label: label, limits: limits)
        totalSeconds = options.totalSeconds
        ends = .now + HTTPFetch.duration(options.totalSeconds)
        self.access =
            access
            ?? FetchAccess(privateOrigin: options.allowPrivateHost ? HTTPFetch.origin(of: base.absoluteString) : nil)
    }

    /// The JSON document at the base URL: the source of an import from an instance.
    func document() throws(InputError) -> (name: String, bytes: [UInt8]) {
        let url = base.absoluteString
        switch HTTPFetch.get(base, maxBytes: limits.maxDocumentBytes, limits: limits, access: access, importEnds: ends)
        {
        case .body(let bytes): return (url, bytes)
        case .tooLarge:
            throw problem(
                url, nil, "answers more than \(limits.maxDocumentBytes) bytes, over the limit of one document")
        case .refused(let why) where access.privateOrigin == nil:
            throw problem(url, nil, "\(why) (--allow-private-host fetches from the instance's own host even so)")
        case .refused(let why): throw problem(url, nil, why)
        case .outOfTime:
            throw problem(
                url, nil, "took more than \(totalSeconds) seconds, over the limit of one import (--total-timeout)")
        case .failed(let why): throw problem(url, nil, why)
        }
    }

    func file(at path: String) throws(InputError) -> FileLookup {
        guard let url = URL(string: path, relativeTo: base)?.absoluteURL else { return .refused("is not a URL") }
        guard HTTPFetch.isFetchable(url) else { return .refused("is not an http or https URL") }
        try budget.countFile()
        // Past the import's time each picture left is named, as past --max-bytes, without waiting.
        guard ContinuousClock.now < ends else { return .refused(notFetchedInTime) }
        switch HTTPFetch.get(url, maxBytes: limits.maxFileBytes, limits: limits, access: access, importEnds: ends) {
        case .body(let bytes):
            try budget.countBytes(bytes.count)
            return .found(bytes)
        case .tooLarge:
            return .refused("is over the limit of \(limits.maxFileBytes) bytes for one file (--max-file-bytes)")
        case .failed(let why), .refused(let why):
            return .refused(why)
        case .outOfTime: return .refused(notFetchedInTime)
        }
    }

    private var notFetchedInTime: String {
        "is not fetched: the import took more than \(totalSeconds) seconds in all, its limit (--total-timeout)"
    }
}

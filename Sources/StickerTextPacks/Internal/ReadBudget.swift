import StickerText

/// The files and bytes one import has read from a folder or an instance,
/// held to `ArchiveLimits`: past the count or the total the import stops.
struct ReadBudget {
    let label: String
    let limits: ArchiveLimits
    private var files = 0
    private var bytes = 0

    init(label: String, limits: ArchiveLimits) {
        self.label = label
        self.limits = limits
    }

    /// One more file is to be read.
    mutating func countFile() throws(InputError) {
        files += 1
        if files > limits.maxFiles {
            throw problem(
                label, nil, "more than \(limits.maxFiles) files asked for, over the limit of one import (--max-files)")
        }
    }

    /// `count` bytes more were read.
    mutating func countBytes(_ count: Int) throws(InputError) {
        bytes += count
        if bytes > limits.maxTotalBytes {
            throw problem(
                label, nil,
                "more than \(limits.maxTotalBytes) bytes of files, over the limit of one import (--max-bytes)")
        }
    }
}

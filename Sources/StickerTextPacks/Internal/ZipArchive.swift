import Foundation
import StickerText
import ZIPFoundation

/// Zip files through ZIPFoundation: reading an untrusted one into memory
/// within `ArchiveLimits`, and writing one.
enum ZipArchive {
    /// Thrown from inside ZIPFoundation's consumer to stop an entry that expands too far.
    private struct Stop: Error {
        let message: String
        /// Over the limit for one file only: that file is refused, the archive read on.
        var alone = false
    }

    /// The regular files of the zip at `url`. Refused: entries that are
    /// symbolic links, that name a path outside the archive, or that appear
    /// twice; more files than the limit; an entry that expands too far for
    /// its compressed size (a bomb), or the whole past the limits (counted as
    /// the bytes come out, whatever the entry's header claims, and before
    /// more are inflated). An entry past the limit for one file is refused
    /// alone (`ArchiveFiles.refused`), the emoji that names it told so.
    static func read(_ url: URL, limits: ArchiveLimits) throws(InputError) -> ArchiveFiles {
        let label = url.lastPathComponent
        let archiveBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw problem(label, nil, "not a zip archive (\(error))")
        }
        let totalAllowed = min(limits.maxTotalBytes, max(limits.ratioFloorBytes, archiveBytes * limits.maxRatio))
        var files: [String: [UInt8]] = [:]
        var refused: [String: String] = [:]
        var total = 0
        var count = 0
        for entry in archive {
            let path = entry.path
            if let why = ArchivePath.problem(path) { throw problem(label, path, "refused: \(why)") }
            switch entry.type {
            case .symlink: throw problem(label, path, "refused: a symbolic link")
            case .directory: continue
            case .file: break
            }
            count += 1
            if count > limits.maxFiles {
                throw problem(label, nil, "more than \(limits.maxFiles) files, over the limit of one import")
            }
            let key = ArchivePath.normalized(path)
            if files[key] != nil || refused[key] != nil {
                throw problem(label, path, "refused: the archive holds two files of this name")
            }
            let entryAllowed = min(
                limits.maxFileBytes, max(limits.ratioFloorBytes, Int(clamping: entry.compressedSize) * limits.maxRatio))
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(min(entry.uncompressedSize, UInt64(entryAllowed))))
            do {
                _ = try archive.extract(entry) { chunk in
                    bytes += chunk
                    total += chunk.count
                    if bytes.count > limits.maxFileBytes {
                        throw Stop(message: ArchiveFiles.overLimit(nil, limits: limits), alone: true)
                    }
                    if bytes.count > entryAllowed {
                        throw Stop(
                            message:
                                "refused: expands more than \(limits.maxRatio) times its compressed \(entry.compressedSize) bytes (a zip bomb?)"
                        )
                    }
                    if total > totalAllowed {
                        throw Stop(
                            message: total > limits.maxTotalBytes
                                ? "refused: the archive expands past \(limits.maxTotalBytes) bytes, the limit of one import"
                                : "refused: the archive expands more than \(limits.maxRatio) times its \(archiveBytes) bytes (a zip bomb?)"
                        )
                    }
                }
            } catch let stop as Stop where stop.alone {
                refused[key] = stop.message
                continue
            } catch let stop as Stop {
                throw problem(label, path, stop.message)
            } catch {
                throw problem(label, path, "cannot be read: \(error)")
            }
            files[key] = bytes
        }
        return ArchiveFiles(label: label, files: files, refused: refused)
    }

    /// Writes `files` (path → bytes, in the order given) as a new zip at
    /// `url`, deflated, every entry dated 1980-01-01 so that the same packs
    /// give the same bytes.
    static func write(_ files: [(path: String, bytes: [UInt8])], to url: URL) throws(InputError) {
        try? FileManager.default.removeItem(at: url)
        let date = Date(timeIntervalSince1970: 315_532_800)
        do {
            let archive = try Archive(url: url, accessMode: .create)
            for file in files {
                let data = Data(file.bytes)
                try archive.addEntry(
                    with: file.path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
                    permissions: 0o644, compressionMethod: .deflate
                ) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
        } catch {
            throw problem(url.path, nil, "cannot write the zip: \(error)")
        }
    }
}

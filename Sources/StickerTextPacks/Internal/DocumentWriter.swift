import Foundation
import StickerText

/// Writes a JSON document, and its pictures under the folder beside it.
enum DocumentWriter {
    static func write(_ document: [UInt8], to output: URL, files: [(path: String, bytes: [UInt8])], folder: URL)
        throws(InputError) -> [String]
    {
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(
                at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(document).write(to: output)
            written.append(output.path)
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
                written.append(url.path)
            }
        } catch {
            throw problem(output.path, nil, "cannot write the export: \(error)")
        }
        return written
    }
}

import Foundation
import StickerText

/// The `mxc://` URLs a homeserver gave the pictures of a Matrix export once
/// uploaded: a JSON object from shortcode (or the picture's file name in
/// the export's folder) to `mxc://server/media-id`, so that a second export
/// writes the real ones (`MatrixImagePack.write`).
enum MatrixMediaMap {
    static func read(_ url: URL) throws(InputError) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw problem(url.path, nil, "cannot be read")
        }
        let map = try FormatJSON.decode([String: String].self, from: Array(data), file: url.lastPathComponent)
        var issues: [StickerPack.Issue] = []
        for (key, value) in map.sorted(by: { $0.key < $1.key }) {
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            let valid =
                value.hasPrefix("mxc://") && parts.count == 4 && !parts[2].isEmpty && !parts[3].isEmpty
                && parts[3].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            if !valid {
                issues.append(
                    .init(
                        file: url.lastPathComponent, entry: key,
                        message:
                            "\"\(value)\" is not an mxc://server/media-id URL (the media id of A-Z, a-z, 0-9, _ and -)")
                )
            }
        }
        if !issues.isEmpty { throw InputError.invalidPacks(issues) }
        return map
    }
}

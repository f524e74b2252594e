import Foundation
import StickerTextTestSupport

@testable import StickerTextPacks

/// A fixture's HTTP server (`Fixtures/<name>/serve.py`), run by python3 on a
/// folder of pictures: it prints its ports on its first line, and ends with
/// the test runner (`--exit-with-parent`) or when this value goes (the
/// `ChildProcess` is killed and waited for as it goes).
final class FixtureServer {
    let process: ChildProcess
    /// The ports of its first line, in its order.
    let ports: [Int]

    init(_ name: String, files: URL) throws {
        process = try ChildProcess(
            [
                "python3", repositoryFile("Tests/StickerTextPacksTests/Fixtures/\(name)/serve.py").path, files.path,
                "--exit-with-parent",
            ], output: .piped)
        var line: [UInt8] = []
        ChildProcess.read(process.output!) { chunk in
            // The server prints one line and then nothing until it ends.
            line += chunk
            return !chunk.contains(0x0A)
        }
        ports = String(decoding: line.prefix { $0 != 0x0A }, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
    }
}

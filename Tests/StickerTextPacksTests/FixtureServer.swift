import Foundation
import StickerTextTestSupport

/// A fixture's HTTP server (`Fixtures/<name>/serve.py`), run by python3 on a
/// folder of pictures: it prints its ports on its first line, and ends with
/// the test runner (`--exit-with-parent`) or when this value goes.
final class FixtureServer {
    let process = Process()
    /// The ports of its first line, in its order.
    let ports: [Int]

    init(_ name: String, files: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repositoryFile("Tests/StickerTextPacksTests/Fixtures/\(name)/serve.py").path, files.path,
            "--exit-with-parent",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var line: [UInt8] = []
        while let byte = try out.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        ports = String(decoding: line, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
    }

    deinit {
        // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

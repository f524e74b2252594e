import Foundation
import StickerTextTestSupport

/// Fixtures/fetch/serve.py: an instance on 127.0.0.1 whose emoji list points
/// into the network it runs in, and that network's service (127.0.0.2, and
/// another port of 127.0.0.1), which counts the requests that reach it.
/// Stopped when the test ends.
final class InternalNetworkServer {
    let process = Process()
    let files = PackFixtures.folder()
    /// The instance's port on 127.0.0.1.
    let port: Int
    /// The internal service's port on 127.0.0.2.
    let internalPort: Int
    /// The internal service's port on 127.0.0.1.
    let otherPort: Int
    static let good = ImageBytes.png(width: 64, height: 64)
    static let secret = ImageBytes.png(width: 40, height: 40)

    init() throws {
        PackFixtures.write([("good.png", Self.good), ("secret.png", Self.secret)], into: files)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repositoryFile("Tests/StickerTextPacksTests/Fixtures/fetch/serve.py").path, files.path,
            "--exit-with-parent",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var line: [UInt8] = []
        while let byte = try out.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        let ports = String(decoding: line, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        (port, internalPort, otherPort) = ports.count == 3 ? (ports[0], ports[1], ports[2]) : (0, 0, 0)
    }

    deinit {
        // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The requests the internal service answered ("127.0.0.2:PORT/secret.png").
    var internalHits: [String] {
        let text = (try? String(contentsOf: files.appendingPathComponent("internal-hits"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}

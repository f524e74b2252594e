import Foundation
import StickerTextTestSupport

/// Fixtures/fetch/serve.py: an instance on 127.0.0.1 whose emoji list points
/// into the network it runs in, and that network's service (127.0.0.2, and
/// another port of 127.0.0.1), which counts the requests that reach it.
/// Stopped when the test ends.
final class InternalNetworkServer {
    let server: FixtureServer
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
        server = try FixtureServer("fetch", files: files)
        let ports = server.ports
        (port, internalPort, otherPort) = ports.count == 3 ? (ports[0], ports[1], ports[2]) : (0, 0, 0)
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The requests the internal service answered ("127.0.0.2:PORT/secret.png").
    var internalHits: [String] {
        let text = (try? String(contentsOf: files.appendingPathComponent("internal-hits"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}

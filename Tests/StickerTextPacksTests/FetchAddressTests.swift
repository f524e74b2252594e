import Foundation
import StickerText
import Testing

@testable import StickerTextPacks

/// An import from an instance fetches only from public addresses (SSRF):
/// the list of an instance on loopback (Fixtures/fetch/serve.py) points at a
/// service on 127.0.0.2 directly, through a redirect, through a name, in an
/// IPv6 form, and at another port of the instance's own address. Each is
/// refused with the address's kind and never asked (the service counts what
/// reaches it); the instance's own host is fetched from only when allowed.
@Suite(.serialized)
struct FetchAddressTests {
    func importing(_ server: InternalNetworkServer, _ path: String, allowPrivateHost: Bool, skipInvalid: Bool = false)
        throws(InputError) -> PackImport
    {
        var options = ImportOptions(skipInvalid: skipInvalid)
        options.allowPrivateHost = allowPrivateHost
        return try PackConversion.importPacks(from: server.url(path), format: .mastodonAPI, options: options)
    }

    @Test func anInstanceOnALoopbackAddressIsRefusedUnlessTheAdminAllowsIt() throws {
        let server = try InternalNetworkServer()
        let error = try #require(throws: InputError.self) {
            try importing(server, "/api/v1/custom_emojis", allowPrivateHost: false)
        }
        #expect(
            error.description
                == "\(server.url("/api/v1/custom_emojis")): is refused: 127.0.0.1 is a loopback address (--allow-private-host fetches from the instance's own host even so)"
        )
        #expect(server.internalHits.isEmpty)
    }

    @Test func picturesInTheNetworkTheImportRunsInAreRefusedWithoutBeingAsked() throws {
        let server = try InternalNetworkServer()
        let error = try #require(throws: InputError.self) {
            try importing(server, "/api/v1/custom_emojis", allowPrivateHost: true)
        }
        let said = Dictionary(uniqueKeysWithValues: error.issues.map { ($0.entry ?? "", $0.message) })
        let (port, internalPort, otherPort) = (server.port, server.internalPort, server.otherPort)
        #expect(
            said["[1] :internal:"]
                == "its image \"http://127.0.0.2:\(internalPort)/secret.png\" is refused: 127.0.0.2 is a loopback address"
        )
        #expect(
            said["[2] :redirected:"]
                == "its image \"http://127.0.0.1:\(port)/redirect-internal\" redirects to http://127.0.0.2:\(internalPort)/secret.png, refused: 127.0.0.2 is a loopback address"
        )
        #expect(
            said["[3] :named:"]
                == "its image \"http://localhost:\(port)/files/good.png\" is refused: localhost is 127.0.0.1, a loopback address"
        )
        #expect(
            said["[4] :mapped:"]
                == "its image \"http://[::ffff:127.0.0.2]:\(internalPort)/secret.png\" is refused: ::ffff:127.0.0.2 is a loopback address"
        )
        #expect(
            said["[5] :other_port:"]
                == "its image \"http://127.0.0.1:\(otherPort)/secret.png\" is refused: 127.0.0.1 is a loopback address")
        #expect(error.issues.count == 5)
        // Nothing reached the service, so nothing of its answer is told or imported.
        #expect(server.internalHits.isEmpty)
        let result = try importing(server, "/api/v1/custom_emojis", allowPrivateHost: true, skipInvalid: true)
        #expect(result.packs.flatMap(\.pack.stickers).map(\.tag) == ["[good]"])
        #expect(result.packs.flatMap(\.files.values) == [InternalNetworkServer.good])
        #expect(server.internalHits.isEmpty)
    }

    /// The host is resolved once and curl connects to what was checked: a
    /// name only a test's resolver knows is fetched from, so curl did not
    /// look it up again; a name it gives a loopback address is refused.
    @Test func aFetchConnectsToTheAddressesCheckedNotToAnotherLookUp() throws {
        let server = try InternalNetworkServer()
        let loopback = try #require(IPAddress("127.0.0.1"))
        let service = try #require(IPAddress("127.0.0.2"))
        let access = FetchAccess(
            privateOrigin: .init(host: "instance.test", port: server.port),
            resolve: { name in
                switch name {
                case "instance.test": .addresses([loopback])
                case "rebound.test": .addresses([service])
                default: .failed("\(name) is not in the test's resolver")
                }
            })
        let list = try #require(URL(string: "http://instance.test:\(server.port)/api/v1/custom_emojis"))
        var options = ImportOptions()
        options.allowPrivateHost = true
        let web = WebFiles(base: list, options: options, access: access)
        #expect(try web.document().bytes.count > 0)
        guard case .found(let bytes) = try web.file(at: "/files/good.png") else {
            Issue.record("the instance's own picture was not fetched")
            return
        }
        #expect(bytes == InternalNetworkServer.good)
        let rebound = try web.file(at: "http://rebound.test:\(server.internalPort)/secret.png")
        guard case .refused(let why) = rebound else {
            Issue.record("a name resolving to 127.0.0.2 was fetched: \(rebound)")
            return
        }
        #expect(why == "is refused: rebound.test is 127.0.0.2, a loopback address")
        #expect(server.internalHits.isEmpty)
    }

    /// The check at connect time: whatever curl was given, it may open a
    /// socket only to an address checked (here 127.0.0.1 is not).
    @Test func curlMayConnectOnlyToAnAddressChecked() throws {
        let server = try InternalNetworkServer()
        let url = "http://127.0.0.1:\(server.port)/files/good.png"
        let origin = FetchAccess.Origin(host: "127.0.0.1", port: server.port)
        let elsewhere = CurlTransfer(
            url: url, origin: origin, addresses: [try #require(IPAddress("127.0.0.2"))], maxBytes: 1 << 20)
        guard case .strayAddress(let address) = elsewhere.perform(until: .now + .seconds(5)) else {
            Issue.record("curl connected to an address not checked")
            return
        }
        #expect(address == IPAddress("127.0.0.1"))
        let checked = CurlTransfer(
            url: url, origin: origin, addresses: [try #require(IPAddress("127.0.0.1"))], maxBytes: 1 << 20)
        guard case .done(200, let body) = checked.perform(until: .now + .seconds(5)) else {
            Issue.record("the address checked was not fetched from")
            return
        }
        #expect(body == InternalNetworkServer.good)
    }
}

import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// An import straight from an instance (`import --from mastodon-api URL`,
/// Misskey's `/api/emojis`), fetched (HTTPFetch, libcurl) from a local server
/// (Fixtures/instance/serve.py, loopback only) that answers as Mastodon and
/// Misskey do, and as a hostile or broken instance would: each picture held
/// to the archive's limits, only http and https, no redirect elsewhere.
/// One test at a time: in one process, FoundationNetworking let a fetch of
/// the Misskey test's hostile pictures (an endless body, a lying length, a
/// slow answer) hold up a fetch of the Mastodon test now and then until its
/// 30 s timeout (the Mastodon test alone: 0.16 s in each of 8 runs; the suite
/// side by side: 1 of 7 runs took 73 s, and a fresh clone's `make test`
/// failed on it; one URLSession shared by every fetch stalled as well).
@Suite(.serialized)
struct InstanceImportTests {
    /// The server, its pictures in a folder of their own; stopped when the test ends.
    final class Instance {
        let server: FixtureServer
        let port: Int
        static let png = ImageBytes.png(width: 64, height: 64)
        static let gif = ImageBytes.gif(width: 48, height: 48, frames: 3)
        static let still = ImageBytes.png(width: 48, height: 48)

        init() throws {
            let files = PackFixtures.folder()
            PackFixtures.write(
                [
                    ("blobcat.png", Self.png), ("blob_party.gif", Self.gif), ("blob_party_static.png", Self.still),
                    ("xiaoku.png", ImageBytes.png(width: 40, height: 40)),
                ], into: files)
            server = try FixtureServer("instance", files: files)
            port = server.ports.first ?? 0
        }

        func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
    }

    /// The server is on loopback: allowed as the instance's own host (FetchAddressTests refuses it otherwise).
    func importing(_ url: URL, _ format: PackFormat, _ options: ImportOptions = .init())
        throws(InputError) -> PackImport
    {
        var options = options
        options.allowPrivateHost = true
        return try PackConversion.importPacks(from: url, format: format, options: options)
    }

    @Test func aMastodonInstancesCustomEmojisImportWithTheirPicturesFetched() throws {
        let instance = try Instance()
        #expect(instance.port > 0)
        let result = try importing(instance.url("/api/v1/custom_emojis"), .mastodonAPI)
        #expect(result.packs.map(\.pack.id) == ["127-0-0-1-blobs", "127-0-0-1"])
        let blobs = result.packs[0]
        #expect(blobs.pack.stickers.map(\.tag) == ["[blobcat]", "[blob_party]"])
        #expect(blobs.files["blobcat.png"] == Instance.png && blobs.files["blob_party.gif"] == Instance.gif)
        // static_url is the poster; a picture behind a redirect (to http) is fetched.
        let party = try #require(blobs.pack.stickers.last?.image?.poster?.x1)
        #expect(blobs.files[party] == Instance.still)
        #expect(result.packs[1].files["xiaoku.png"] == ImageBytes.png(width: 40, height: 40))
        let folder = PackFixtures.folder()
        _ = try PackConversion.write(result.packs, into: folder)
        #expect(try StickerCatalog.load(directory: folder.path).entry(forCode: "[blob_party]") != nil)
    }

    /// Misskey's list, with a picture behind each way an instance can go wrong:
    /// each is named, none read past its bound, the good one imported.
    @Test func aMisskeyInstancesListNamesEveryPictureItCouldNotFetchSafely() throws {
        let instance = try Instance()
        var limits = ArchiveLimits()
        limits.requestSeconds = 2
        let source = instance.url("/api/emojis")
        let error = try #require(throws: InputError.self) {
            try importing(source, .misskeyAPI, ImportOptions(limits: limits))
        }
        let said = Dictionary(uniqueKeysWithValues: error.issues.map { ($0.entry ?? "", $0.message) })
        let base = "http://127.0.0.1:\(instance.port)"
        #expect(
            said["emojis[1] :passwd:"]
                == "its image \"\(base)/redirect-to-file\" redirects to file:///etc/passwd, not an http or https URL")
        #expect(said["emojis[2] :local:"] == "its image \"file:///etc/passwd\" is not an http or https URL")
        #expect(
            said["emojis[3] :endless:"]
                == "its image \"\(base)/endless\" is over the limit of 2097152 bytes for one file (--max-file-bytes)")
        // Read no further than its Content-Length said: 100 bytes, no picture.
        #expect(said["emojis[4] :liar:"] == "\"\(base)/lying-length\" is not a PNG, APNG, GIF or WebP file")
        #expect(said["emojis[5] :round:"] == "its image \"\(base)/redirect-loop\" redirects more than 5 times")
        #expect(said["emojis[6] :gone:"] == "its image \"\(base)/files/gone.png\" answered HTTP 404")
        #expect(said["emojis[7] :slow:"] == "its image \"\(base)/slow\" took more than 2.0 seconds")
        #expect(error.issues.count == 7 && said["emojis[0] :blobcat:"] == nil)
        let result = try importing(source, .misskeyAPI, ImportOptions(limits: limits, skipInvalid: true))
        let cat = try #require(result.packs.first?.pack.stickers.first)
        #expect(cat.tag == "[blobcat]" && cat.aliases == ["[cat]", "[ねこ]"])
        #expect(result.packs[0].pack.title.zh == "Blobs" && result.skipped.count == 7)
    }

    @Test func anInstancesAnswerIsHeldToTheLimitsOfOneImport() throws {
        let instance = try Instance()
        var limits = ArchiveLimits()
        limits.maxDocumentBytes = 100
        #expect(throws: InputError.self) {
            try importing(instance.url("/api/v1/custom_emojis"), .mastodonAPI, ImportOptions(limits: limits))
        }
        limits = ArchiveLimits()
        limits.maxFiles = 2
        let many = try #require(throws: InputError.self) {
            try importing(instance.url("/api/v1/custom_emojis"), .mastodonAPI, ImportOptions(limits: limits))
        }
        #expect(many.description.hasSuffix("3 emoji, over the limit of 2 for one import (--max-files)"))
        let missing = try #require(throws: InputError.self) {
            try importing(instance.url("/api/v2/nothing"), .mastodonAPI)
        }
        #expect(missing.description == "\(instance.url("/api/v2/nothing")): answered HTTP 404")
        let folder = try #require(throws: InputError.self) {
            try importing(instance.url("/api/emojis"), .misskeyAPI, ImportOptions(images: PackFixtures.folder()))
        }
        #expect(folder.description.hasSuffix("the pictures of an instance's list are fetched, not read from --images"))
        let notFetched = try #require(throws: InputError.self) {
            try importing(instance.url("/api/v1/custom_emojis"), .misskey)
        }
        #expect(
            notFetched.description.contains(
                "misskey is read from a file; an instance's URL is read as mastodon-api or misskey-api"))
    }
}

import StickerTextHTTP
import StickerTextJSON
import Testing

/// `GET /api/packs` in its two representations: gzip, compressed once per
/// catalog, for a request that accepts it, identity otherwise; each with its
/// own strong ETag and 304, both varying on `Accept-Encoding`.
struct PacksGzipTests {
    let handler = APIHandler()

    func packs(_ headers: [String: String] = [:], method: String = "GET", on handler: APIHandler? = nil) -> HTTPResponse
    {
        (handler ?? self.handler).handle(HTTPRequest(method: method, path: "/api/packs", headers: headers))
    }

    @Test func aRequestAcceptingGzipGetsTheIdentityBodyGzipped() throws {
        let identity = packs()
        let gzip = packs(["Accept-Encoding": "gzip, deflate, br"])
        #expect(gzip.status == .ok)
        #expect(gzip.header("content-encoding") == "gzip")
        #expect(gzip.header("content-type") == "application/json; charset=utf-8")
        #expect(gzip.body.count < identity.body.count / 3)
        #expect(gunzip(gzip.body) == identity.body)
    }

    @Test func aRequestWithoutAcceptEncodingGetsIdentity() {
        let identity = packs()
        #expect(identity.status == .ok)
        #expect(identity.header("content-encoding") == nil)
        #expect(identity.body.first == UInt8(ascii: "{"))
    }

    @Test(arguments: ["gzip;q=0", "gzip;q=0.000", "x-gzip;q=0, *", "deflate, br", "*;q=0", "gzip;q=0.5x", ""])
    func aRequestRefusingGzipGetsIdentity(_ header: String) {
        let response = packs(["Accept-Encoding": header])
        #expect(response.header("content-encoding") == nil, "\(header)")
        #expect(response.body == packs().body, "\(header)")
        #expect(response.header("etag") == packs().header("etag"), "\(header)")
    }

    @Test func bothRepresentationsVaryOnAcceptEncodingAndAreOpenToOtherSites() {
        for response in [packs(), packs(["Accept-Encoding": "gzip"])] {
            #expect(response.header("vary") == "Accept-Encoding")
            #expect(response.header("access-control-allow-origin") == "*")
            #expect(response.header("cache-control") == "public, max-age=60, must-revalidate")
        }
    }

    @Test func theTwoRepresentationsHaveDifferentStrongETagsOfOneVersion() throws {
        let identity = try #require(packs().header("etag"))
        let gzip = try #require(packs(["Accept-Encoding": "gzip"]).header("etag"))
        #expect(identity != gzip)
        #expect(!identity.hasPrefix("W/") && !gzip.hasPrefix("W/"))
        #expect(gzip == String(identity.dropLast()) + "-gzip\"")
    }

    @Test func eachRepresentationRevalidatesWithItsOwnETag() throws {
        let identityETag = try #require(packs().header("etag"))
        let gzipETag = try #require(packs(["Accept-Encoding": "gzip"]).header("etag"))

        let gzip304 = packs(["Accept-Encoding": "gzip", "If-None-Match": gzipETag])
        #expect(gzip304.status == .notModified)
        #expect(gzip304.body.isEmpty)
        #expect(gzip304.header("etag") == gzipETag)
        #expect(gzip304.header("vary") == "Accept-Encoding")

        let identity304 = packs(["If-None-Match": identityETag])
        #expect(identity304.status == .notModified)
        #expect(identity304.header("etag") == identityETag)
        #expect(identity304.header("vary") == "Accept-Encoding")

        // A tag of the other representation is no match: the one chosen is sent whole.
        let gzipForIdentityTag = packs(["Accept-Encoding": "gzip", "If-None-Match": identityETag])
        #expect(gzipForIdentityTag.status == .ok)
        #expect(gzipForIdentityTag.header("content-encoding") == "gzip")
        let identityForGzipTag = packs(["Accept-Encoding": "gzip;q=0", "If-None-Match": gzipETag])
        #expect(identityForGzipTag.status == .ok)
        #expect(identityForGzipTag.header("content-encoding") == nil)
        // A browser that holds both sends both.
        let both = packs(["Accept-Encoding": "gzip", "If-None-Match": "\(identityETag), \(gzipETag)"])
        #expect(both.status == .notModified)
    }

    @Test func a304CarriesNoRepresentationMetadata() throws {
        let gzipETag = try #require(packs(["Accept-Encoding": "gzip"]).header("etag"))
        let response = packs(["Accept-Encoding": "gzip", "If-None-Match": gzipETag])
        #expect(response.header("content-encoding") == nil)
        #expect(response.header("content-type") == nil)
    }

    @Test func headIsGetWithTheSameHeaders() {
        // The FastCGI layer leaves HEAD's body out; the handler answers it as GET.
        for headers in [[:], ["Accept-Encoding": "gzip"]] {
            let get = packs(headers)
            let head = packs(headers, method: "HEAD")
            #expect(head.status == get.status)
            #expect(head.headers.map(\.name) == get.headers.map(\.name))
            #expect(head.headers.map(\.value) == get.headers.map(\.value))
        }
    }

    @Test func otherPacksHaveOtherTagsInBothRepresentations() throws {
        let other = try handlerOverAnotherPacksVersion()
        for headers in [[:], ["Accept-Encoding": "gzip"]] {
            let etag = try #require(packs(headers).header("etag"))
            #expect(packs(headers, on: other).header("etag") != etag)
            #expect(packs(headers.merging(["If-None-Match": etag]) { $1 }, on: other).status == .ok)
        }
    }
}

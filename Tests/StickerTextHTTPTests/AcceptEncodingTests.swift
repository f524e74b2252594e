import Testing

@testable import StickerTextHTTP

/// `AcceptEncoding.allowsGzip`: RFC 9110 §12.5.3 as far as gzip goes.
struct AcceptEncodingTests {
    @Test func noHeaderIsIdentity() {
        #expect(!AcceptEncoding.allowsGzip(nil))
    }

    @Test func anEmptyHeaderIsIdentity() {
        #expect(!AcceptEncoding.allowsGzip(""))
        #expect(!AcceptEncoding.allowsGzip(" , ,"))
    }

    @Test(arguments: [
        "gzip", "GZIP", "GZip", "x-gzip", "X-GZIP", "gzip, deflate, br, zstd", "deflate,gzip",
        "br;q=1.0, gzip;q=0.8, *;q=0.1",
        " gzip ", "\tgzip\t", "gzip;q=1", "gzip;Q=1", "gzip ; q=0.5", "gzip;q=1.000", "gzip;q=1.", "gzip;q=0.001",
        "gzip;q=0.1", "gzip;q=0.01", ",gzip,", "identity;q=0, gzip",
    ])
    func gzipNamedWithAWeightAboveZeroIsAccepted(_ header: String) {
        #expect(AcceptEncoding.allowsGzip(header), "\(header)")
    }

    @Test(arguments: [
        "gzip;q=0", "gzip;q=0.0", "gzip;q=0.000", "gzip;q=0.", "GZIP;Q=0", "x-gzip;q=0", "gzip;q=0, *",
        "*, gzip;q=0", "gzip, x-gzip;q=0", "x-gzip;q=0, gzip;q=1",
    ])
    func aWeightOfZeroRefusesGzip(_ header: String) {
        #expect(!AcceptEncoding.allowsGzip(header), "\(header)")
    }

    @Test(arguments: [
        "gzip;q=0.0001", "gzip;q=1.5", "gzip;q=1.001", "gzip;q=2", "gzip;q=.5", "gzip;q=0.5x", "gzip;q=", "gzip;q",
        "gzip;q = 1", "gzip;q= 1", "gzip;q=-1", "gzip;q=1e0", "gzip;level=9", "gzip;q=1;q=1", "gzip;", "gzip;q=0,5",
        "gzip;q=0.5x, *",
    ])
    func aMalformedWeightAcceptsNothing(_ header: String) {
        #expect(!AcceptEncoding.allowsGzip(header), "\(header)")
    }

    @Test(arguments: [
        ("*", true), ("*;q=0.5", true), ("deflate, *", true), ("*;q=0", false), ("*;q=0.000", false),
        ("br, *;q=0", false), ("*;q=x", false), ("*, *;q=0", false),
    ])
    func theWildcardDecidesWhenGzipIsNotNamed(_ header: String, _ accepted: Bool) {
        #expect(AcceptEncoding.allowsGzip(header) == accepted, "\(header)")
    }

    @Test(arguments: [
        "deflate", "br", "identity", "zstd, br", "gzipped", "gzi", "x-gzip2", "\u{212A}", "ｇｚｉｐ", "gzip\u{301}",
    ])
    func otherCodingsAreNotGzip(_ header: String) {
        #expect(!AcceptEncoding.allowsGzip(header), "\(header)")
    }
}

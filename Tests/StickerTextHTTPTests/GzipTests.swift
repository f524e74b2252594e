import Testing

@testable import StickerTextHTTP

/// `Gzip.compress`: a gzip stream that inflates to exactly its input,
/// whatever the input (empty, incompressible, larger than zlib's buffers).
struct GzipTests {
    @Test func aBodyInflatesToExactlyItself() throws {
        let body = Array(String(repeating: #"{"tag":"[微笑]","name":"smile"},"#, count: 500).utf8)
        let gzip = try Gzip.compress(body)
        #expect(gzip.count < body.count / 10)
        #expect(gunzip(gzip) == body)
    }

    @Test func itIsAGzipStreamNotAZlibOne() throws {
        let gzip = try Gzip.compress(Array("hi".utf8))
        // RFC 1952: ID1 ID2, then CM 8 (deflate).
        #expect(gzip.prefix(3) == [0x1F, 0x8B, 8])
    }

    @Test func anEmptyBodyIsAnEmptyStream() throws {
        #expect(gunzip(try Gzip.compress([])) == [])
    }

    @Test func incompressibleBytesStillFitAndRoundTrip() throws {
        // deflateBound leaves room for stored blocks; xorshift, so the test repeats.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<200_000).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        #expect(gunzip(try Gzip.compress(noise)) == noise)
    }

    @Test func aTruncatedStreamDoesNotInflate() throws {
        // The tests' gunzip must tell a whole stream from a cut one, or it would prove nothing.
        let gzip = try Gzip.compress(Array("hello, hello, hello".utf8))
        #expect(gunzip(Array(gzip.dropLast())) == nil)
    }
}

import Testing

@testable import StickerTextFastCGI

/// What `FastCGIExchange` reads from libfcgi's params in place.
struct FastCGIExchangeTests {
    /// `Content-Length` is read from the param's bytes as `Int(_: String)`
    /// reads a string: the same number, or none, for every form.
    @Test(arguments: [
        "", "+", "-", "0", "7", "123", "-5", "+7", "007", " 1", "1 ", "1a", "0x10", "1_000", "٣", "１",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "99999999999999999999", "18446744073709551616", "-0", "--1", "+-1",
    ])
    func aContentLengthIsReadAsIntReadsIt(_ value: String) {
        let read = value.withCString { FastCGIExchange.integer($0) }
        #expect(read == Int(value), "\(value.debugDescription)")
    }
}

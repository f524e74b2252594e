/// A client as the request log's summaries name it: an IPv4 address as
/// nginx wrote it, an IPv6 client as its /64 (the key holds no more of it),
/// and the keys of no address by what they stand for. Written from the key's
/// number alone: printable ASCII whatever the client sent.
extension ClientKey {
    var logText: String {
        if value >> 32 == 1 {
            return (0..<4).map { String(value >> (24 - 8 * $0) & 0xFF) }.joined(separator: ".")
        }
        if self == .unknown { return "(no address)" }
        if value < 1 << 33 { return "0::/31" }
        return (0..<4).map { String(value >> (48 - 16 * $0) & 0xFFFF, radix: 16) }.joined(separator: ":") + "::/64"
    }
}

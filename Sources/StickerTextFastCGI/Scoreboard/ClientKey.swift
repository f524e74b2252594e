import Glibc

/// Whose request it is, for `FairShare`: the client address nginx passes
/// (`REMOTE_ADDR`: behind `real_ip`, the real client's), exactly, never hashed
/// (no two clients can share a key by chance or by design). An IPv4 address
/// is its own key, IPv4-mapped IPv6 too; an IPv6 address is keyed by its /64,
/// the network of one subscriber, since a single host may use any of its
/// 2^64 addresses. What is not an address ("unix:", none) is one client.
/// Never 0, the seats' "no one".
struct ClientKey: Equatable {
    let value: UInt64

    static let unknown = ClientKey(value: 3)

    private init(value: UInt64) { self.value = value }

    init(remoteAddress: UnsafePointer<CChar>?) {
        guard let remoteAddress else {
            self = .unknown
            return
        }
        if let ipv4 = Self.dottedQuad(remoteAddress) {
            self = ClientKey(ipv4: ipv4)
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, remoteAddress, &v6) == 1 else {
            self = .unknown
            return
        }
        self = withUnsafeBytes(of: &v6) { bytes in
            // ::ffff:a.b.c.d, IPv4 as an IPv6 socket sees it.
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return ClientKey(ipv4: bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
            }
            let network = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            // ::/64 (loopback, unspecified) would be 0, "no one"; it and the
            // rest of 0::/31, which holds the IPv4 keys below and is reserved
            // (never a client's network), are one key.
            return network < 1 << 33 ? ClientKey(value: 2) : ClientKey(value: network)
        }
    }

    /// 2^32 + the address: apart from every IPv6 key, and never 0.
    private init(ipv4: UInt32) { value = 1 << 32 | UInt64(ipv4) }

    /// `a.b.c.d` as nginx writes an IPv4 address, read in one pass over its
    /// bytes (inet_pton cost 250 instructions a request); nil for anything
    /// else, which inet_pton then reads as IPv6.
    private static func dottedQuad(_ text: UnsafePointer<CChar>) -> UInt32? {
        var address: UInt32 = 0
        var part: UInt32 = 0
        var digits = 0
        var dots = 0
        var byte = text
        while true {
            let c = UInt8(bitPattern: byte.pointee)
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                part = part * 10 + UInt32(c - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 3, part <= 255 else { return nil }
            } else if (c == UInt8(ascii: ".") && dots < 3) || (c == 0 && dots == 3) {
                guard digits > 0 else { return nil }
                address = address << 8 | part
                if c == 0 { return address }
                dots += 1
                part = 0
                digits = 0
            } else {
                return nil
            }
            byte += 1
        }
    }
}

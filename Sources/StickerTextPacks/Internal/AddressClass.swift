/// What kind of address an import will not fetch from: every address a
/// picture's host resolves to must be public (`AddressClass.of` nil), or
/// an import from an instance could reach the network it runs in (SSRF:
/// `http://169.254.169.254/` is a cloud's metadata service, `127.0.0.1:6379`
/// a local Redis). One table, after IANA's special-purpose address
/// registries (RFC 6890 and its updates); the first row that holds the
/// address decides.
enum AddressClass: Equatable, CustomStringConvertible {
    case unspecified, loopback, privateUse, sharedNAT, linkLocal, uniqueLocal, siteLocal, multicast, broadcast
    case documentation, benchmarking, reserved

    /// What a row does with an address under its prefix.
    private enum Rule {
        case refuse(AddressClass)
        case allow
        /// An IPv6 form of the IPv4 address at this byte (mapped, NAT64, 6to4):
        /// it reaches that address, so it is classed as it.
        case ipv4(at: Int)
    }

    private static let table: [(prefix: String, rule: Rule)] = [
        ("0.0.0.0/8", .refuse(.unspecified)),  // "this network": 0.0.0.0 connects to the host itself
        ("10.0.0.0/8", .refuse(.privateUse)),
        ("100.64.0.0/10", .refuse(.sharedNAT)),
        ("127.0.0.0/8", .refuse(.loopback)),
        ("169.254.0.0/16", .refuse(.linkLocal)),
        ("172.16.0.0/12", .refuse(.privateUse)),
        ("192.0.0.0/24", .refuse(.reserved)),  // IETF protocol assignments
        ("192.0.2.0/24", .refuse(.documentation)),
        ("192.88.99.0/24", .refuse(.reserved)),  // the 6to4 relays' anycast, deprecated
        ("192.168.0.0/16", .refuse(.privateUse)),
        ("198.18.0.0/15", .refuse(.benchmarking)),
        ("198.51.100.0/24", .refuse(.documentation)),
        ("203.0.113.0/24", .refuse(.documentation)),
        ("224.0.0.0/4", .refuse(.multicast)),
        ("255.255.255.255/32", .refuse(.broadcast)),
        ("240.0.0.0/4", .refuse(.reserved)),
        ("0.0.0.0/0", .allow),
        ("::/128", .refuse(.unspecified)),
        ("::1/128", .refuse(.loopback)),
        ("::ffff:0:0/96", .ipv4(at: 12)),  // IPv4-mapped
        ("64:ff9b::/96", .ipv4(at: 12)),  // NAT64's well-known prefix
        ("64:ff9b:1::/48", .refuse(.privateUse)),  // NAT64 of a local network
        ("2001:db8::/32", .refuse(.documentation)),
        ("2001::/23", .refuse(.reserved)),  // IETF protocol assignments, Teredo among them
        ("2002::/16", .ipv4(at: 2)),  // 6to4
        ("3fff::/20", .refuse(.documentation)),
        ("2000::/3", .allow),  // global unicast: the only IPv6 space given out
        ("fc00::/7", .refuse(.uniqueLocal)),
        ("fe80::/10", .refuse(.linkLocal)),
        ("fec0::/10", .refuse(.siteLocal)),
        ("ff00::/8", .refuse(.multicast)),
        ("::/0", .refuse(.reserved)),  // the rest of IPv6 (IPv4-compatible ::/96, discard-only 100::/64, …)
    ]

    private static let rows: [(prefix: IPAddress, length: Int, rule: Rule)] = table.map { row in
        let parts = row.prefix.split(separator: "/")
        // The table is written above: a row that does not parse is a programming error.
        guard parts.count == 2, let prefix = IPAddress(String(parts[0])), let length = Int(parts[1]) else {
            fatalError("AddressClass.table: \(row.prefix) is not an address and a length")
        }
        return (prefix, length, row.rule)
    }

    /// The class of `address` if it is not public, nil if it is.
    static func of(_ address: IPAddress) -> AddressClass? {
        for row in rows where address.isIn(row.prefix, length: row.length) {
            switch row.rule {
            case .refuse(let kind): return kind
            case .allow: return nil
            case .ipv4(let at): return IPAddress(bytes: Array(address.bytes[at..<at + 4])).flatMap(of)
            }
        }
        return nil
    }

    /// As a refusal says it: `127.0.0.2 is a loopback address`.
    var description: String {
        switch self {
        case .unspecified: "an unspecified address"
        case .loopback: "a loopback address"
        case .privateUse: "a private address"
        case .sharedNAT: "a shared address (carrier-grade NAT)"
        case .linkLocal: "a link-local address"
        case .uniqueLocal: "a unique-local address"
        case .siteLocal: "a site-local address"
        case .multicast: "a multicast address"
        case .broadcast: "a broadcast address"
        case .documentation: "a documentation address"
        case .benchmarking: "a benchmarking address"
        case .reserved: "a reserved address"
        }
    }
}

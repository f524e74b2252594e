import Testing

@testable import StickerTextPacks

/// The addresses an import from an instance will not fetch from, row by row
/// of AddressClass's table, and public ones beside them.
struct AddressClassTests {
    static let refused: [(String, AddressClass)] = [
        ("0.0.0.0", .unspecified), ("0.1.2.3", .unspecified),
        ("127.0.0.1", .loopback), ("127.0.0.2", .loopback), ("127.255.255.254", .loopback),
        ("10.0.0.1", .privateUse), ("172.16.0.1", .privateUse), ("172.31.255.255", .privateUse),
        ("192.168.1.1", .privateUse),
        ("169.254.169.254", .linkLocal), ("100.64.0.1", .sharedNAT), ("100.127.255.255", .sharedNAT),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("255.255.255.255", .broadcast),
        ("240.0.0.1", .reserved), ("192.0.0.8", .reserved),
        ("192.0.2.1", .documentation), ("198.51.100.7", .documentation), ("203.0.113.9", .documentation),
        ("198.18.0.1", .benchmarking),
        ("::", .unspecified), ("::1", .loopback), ("fe80::1", .linkLocal), ("fc00::1", .uniqueLocal),
        ("fd12:3456::1", .uniqueLocal), ("fec0::1", .siteLocal), ("ff02::1", .multicast),
        ("2001:db8::1", .documentation), ("3fff::1", .documentation), ("2001::1", .reserved),
        ("::127.0.0.1", .reserved), ("100::1", .reserved),
        // IPv6 forms of an IPv4 address reach it: classed as it.
        ("::ffff:127.0.0.2", .loopback), ("::ffff:169.254.169.254", .linkLocal), ("::ffff:10.1.2.3", .privateUse),
        ("64:ff9b::7f00:1", .loopback), ("64:ff9b::a9fe:a9fe", .linkLocal), ("64:ff9b:1::1", .privateUse),
        ("2002:7f00:1::", .loopback), ("2002:c0a8:101::1", .privateUse),
    ]

    static let allowed = [
        "1.1.1.1", "8.8.8.8", "93.184.216.34", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0",
        "169.253.255.255", "192.167.255.255", "223.255.255.255", "2606:4700::1111", "2a00:1450:4001::200e",
        "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1",
    ]

    @Test(arguments: refused) func anAddressThatIsNotPublicIsRefusedWithItsKind(text: String, kind: AddressClass) throws
    {
        let address = try #require(IPAddress(text))
        #expect(AddressClass.of(address) == kind)
    }

    @Test(arguments: allowed) func aPublicAddressIsFetchedFrom(text: String) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressClass.of(address) == nil)
    }

    @Test func aRefusalSaysTheKindInWords() throws {
        #expect(
            "\(try #require(IPAddress("127.0.0.2"))) is \(AddressClass.loopback)" == "127.0.0.2 is a loopback address")
        #expect("\(AddressClass.sharedNAT)" == "a shared address (carrier-grade NAT)")
        #expect(try #require(IPAddress("::ffff:127.0.0.2")).description == "::ffff:127.0.0.2")
    }

    @Test func onlyAnAddressIsReadAsOneNotANameOrAShortForm() {
        #expect(IPAddress("localhost") == nil && IPAddress("127.1") == nil && IPAddress("0x7f.0.0.1") == nil)
        #expect(IPAddress("[::1]") == nil && IPAddress("fe80::1%eth0") == nil)
    }

    /// A name is refused when any one of its addresses is not public, not only the first.
    @Test func aHostIsFetchedFromOnlyWhenEveryAddressItHasIsPublic() throws {
        let access = FetchAccess(resolve: { name in
            switch name {
            case "mixed.test": .addresses([IPAddress("8.8.8.8"), IPAddress("10.0.0.1")].compactMap { $0 })
            case "public.test": .addresses([IPAddress("8.8.8.8"), IPAddress("2606:4700::1111")].compactMap { $0 })
            default: .failed("\(name) cannot be resolved: Name or service not known")
            }
        })
        #expect(
            access.check(.init(host: "mixed.test", port: 443)) == .refused("mixed.test is 10.0.0.1, a private address"))
        #expect(access.check(.init(host: "PUBLIC.test", port: 443)).isGo)
        #expect(access.check(.init(host: "[::1]", port: 80)) == .refused("::1 is a loopback address"))
        #expect(
            access.check(.init(host: "nowhere.test", port: 80))
                == .unresolved("nowhere.test cannot be resolved: Name or service not known"))
    }

    /// The instance's own host and port may be private when the admin says so; no other.
    @Test func onlyTheInstancesOwnHostAndPortMayBePrivate() {
        let access = FetchAccess(privateOrigin: .init(host: "127.0.0.1", port: 8000))
        #expect(access.check(.init(host: "127.0.0.1", port: 8000)).isGo)
        #expect(access.check(.init(host: "127.0.0.1", port: 6379)) == .refused("127.0.0.1 is a loopback address"))
        #expect(access.check(.init(host: "127.0.0.2", port: 8000)) == .refused("127.0.0.2 is a loopback address"))
    }
}

extension FetchAccess.Verdict {
    var isGo: Bool {
        if case .go = self { true } else { false }
    }
}

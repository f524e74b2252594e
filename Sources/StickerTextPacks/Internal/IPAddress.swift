import Foundation

/// An IPv4 or IPv6 address as its bytes (4 or 16, network order): what a
/// host name resolves to, what an import checks (`AddressClass`) and
/// what its fetch connects to (`HTTPFetch`), compared byte for byte.
struct IPAddress: Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// `127.0.0.1` or `::1` (inet_pton: four decimal parts only, no zone).
    init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// The address of a `sockaddr_in` or `sockaddr_in6`.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
            }
        default: return nil
        }
    }

    var isIPv4: Bool { bytes.count == 4 }

    /// As inet_ntop writes it: `127.0.0.2`, `::ffff:127.0.0.2`.
    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes {
            inet_ntop(isIPv4 ? AF_INET : AF_INET6, $0.baseAddress, &text, socklen_t(text.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// As a CURLOPT_RESOLVE entry writes it: an IPv6 address in brackets.
    var inResolveEntry: String { isIPv4 ? description : "[\(description)]" }

    /// Whether its first `length` bits are those of `prefix` (of the same family).
    func isIn(_ prefix: IPAddress, length: Int) -> Bool {
        guard prefix.bytes.count == bytes.count else { return false }
        for bit in 0..<length {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[bit / 8] & mask != prefix.bytes[bit / 8] & mask { return false }
        }
        return true
    }
}

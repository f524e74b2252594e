/// `application/x-www-form-urlencoded` query strings, strictly: a malformed
/// escape or invalid UTF-8 is an error, not a guess.
enum QueryString {
    struct Malformed: Error {
        let message: String
    }

    static func parse(_ query: String) throws(Malformed) -> [(name: String, value: String)] {
        var pairs: [(String, String)] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let (name, value) =
                part.firstIndex(of: "=").map { (part[..<$0], part[part.index(after: $0)...]) } ?? (part, "")
            pairs.append((try decode(name), try decode(value)))
        }
        return pairs
    }

    static func decode(_ escaped: Substring) throws(Malformed) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.utf8.count)
        var iterator = escaped.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(0x20)
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else {
                    throw Malformed(message: "the query has a malformed %-escape")
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw Malformed(message: "the query is not valid UTF-8 once decoded")
        }
        return string
    }

    private static func hex(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

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

    static func decode(_ s: Substring) throws(Malformed) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var iterator = s.utf8.makeIterator()
        while let b = iterator.next() {
            switch b {
            case UInt8(ascii: "+"):
                bytes.append(0x20)
            case UInt8(ascii: "%"):
                guard let h = iterator.next().flatMap(hex), let l = iterator.next().flatMap(hex) else {
                    throw Malformed(message: "the query has a malformed %-escape")
                }
                bytes.append(h << 4 | l)
            default:
                bytes.append(b)
            }
        }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw Malformed(message: "the query is not valid UTF-8 once decoded")
        }
        return string
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

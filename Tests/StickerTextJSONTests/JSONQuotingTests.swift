import Foundation
import StickerTextTestSupport
import Testing

@testable import StickerTextJSON

/// `JSONStringEscaping.appendQuoted` moves words and escapes in place; what it writes
/// must be what escaping byte by byte writes, at every length and position
/// (slices of 512 bytes, words of 8), and must parse back to the same text.
struct JSONQuotingTests {
    static func quotedByteByByte(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0..<0x20: out += Array(String(format: "\\u%04x", b).utf8)
            default: out.append(b)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    static func quoted(_ bytes: [UInt8]) -> [UInt8] {
        var out = ByteBuffer(capacity: 1)
        bytes.withUnsafeBufferPointer { JSONStringEscaping.appendQuoted($0, to: &out) }
        return Array(out.bytes)
    }

    @Test func agreesWithByteByByteEscaping() {
        var generator = SystemRandomNumberGenerator()
        // Mostly plain text and UTF-8, with every kind of byte to escape.
        let alphabet: [UInt8] =
            Array("ab <img src=\"x\">".utf8) + Array("微笑".utf8) + [0, 1, 0x09, 0x0A, 0x0D, 0x1F, 0x5C, 0x22, 0x7F]
        for length in Array(0...40) + [511, 512, 513, 1023, 1024, 1025, 3000] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                #expect(Self.quoted(bytes) == Self.quotedByteByByte(bytes), "\(bytes)")
            }
        }
    }

    @Test func everyByteAlone() {
        for b in UInt8.min...UInt8.max {
            for padding in [0, 7, 8, 9] {
                let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: padding) + [b]
                #expect(Self.quoted(bytes) == Self.quotedByteByByte(bytes), "byte \(b)")
            }
        }
    }

    @Test func parsesBackToTheText() throws {
        let text = String(repeating: "<img alt=\"[微笑]\" class=\"s\">\\\n\t\u{1}é👍🏽 ", count: 60)
        let quoted = Self.quoted(Array(text.utf8))
        #expect(try JSONSerialization.jsonObject(with: Data(quoted), options: .fragmentsAllowed) as? String == text)
    }
}

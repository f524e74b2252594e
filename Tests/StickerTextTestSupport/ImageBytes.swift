import Foundation

/// Image files built byte by byte: only the parts the sniffer reads (no
/// pixel data a decoder would need, zero CRCs).
package enum ImageBytes {
    package static func png(width: Int = 32, height: Int = 32, frames: Int? = nil) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        let ihdr = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        let actl = frames.map { chunk("acTL", be32($0) + be32(0)) } ?? []
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + actl + chunk("IDAT", [1, 2])
            + chunk("IEND", [])
    }

    package static func gif(width: Int = 32, height: Int = 32, frames: Int) -> [UInt8] {
        // A 2-colour table:
        var b = Array("GIF89a".utf8) + le(width, 2) + le(height, 2) + [0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        b += [0x21, 0xFF, 3, 1, 2, 3, 0]  // an application extension
        for _ in 0..<frames {
            b += [0x2C] + le(0, 2) + le(0, 2) + le(width, 2) + le(height, 2) + [0x00]
            b += [2, 2, 0x44, 0x01, 0]  // LZW code size, one sub-block, terminator
        }
        return b + [0x3B]
    }

    package static func webp(width: Int = 32, height: Int = 32, frames: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + le(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
        }
        var body: [UInt8]
        if frames > 1 {
            body =
                chunk("VP8X", [0x02, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))
                + chunk("ANIM", [0, 0, 0, 0, 0, 0])
            for _ in 0..<frames { body += chunk("ANMF", [UInt8](repeating: 0, count: 16)) }
        } else {
            let bits = (width - 1) | (height - 1) << 14
            body = chunk("VP8L", [0x2F] + le(bits, 4))
        }
        return Array("RIFF".utf8) + le(body.count + 4, 4) + Array("WEBP".utf8) + body
    }

    private static func be32(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (24 - 8 * $0)) } }
    private static func le(_ n: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }
    }
}

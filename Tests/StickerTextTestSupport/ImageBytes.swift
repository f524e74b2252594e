import Foundation

/// Image files built byte by byte, whole pictures that libpng, giflib and
/// libwebp decode (an import decodes every picture it takes), of one
/// colour, compressed by the simplest means each format has: a PNG's zero
/// rows as one literal and runs of 258 (fixed-Huffman deflate), a GIF's by
/// LZW as giflib's encoder writes it, a WebP as a lossless (VP8L) picture
/// whose five prefix codes have one symbol each, so that its pixels take no bits.
package enum ImageBytes {
    /// An APNG when `frames` is given: an `acTL`, each frame an `fcTL`, the
    /// first one's data the `IDAT`, the others' `fdAT`s.
    package static func png(width: Int = 32, height: Int = 32, frames: Int? = nil) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(body)))
        }
        let ihdr = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        let pixels = zlibOfZeros(count: height * (1 + width * 4))
        var sequence = 0
        func control() -> [UInt8] {
            defer { sequence += 1 }
            return chunk("fcTL", be32(sequence) + be32(width) + be32(height) + be32(0) + be32(0) + [0, 1, 0, 10, 0, 0])
        }
        var png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        if let frames {
            png += chunk("acTL", be32(frames) + be32(0)) + control() + chunk("IDAT", pixels)
            for _ in 1..<max(frames, 1) {
                png += control()
                png += chunk("fdAT", be32(sequence) + pixels)
                sequence += 1
            }
        } else {
            png += chunk("IDAT", pixels)
        }
        return png + chunk("IEND", [])
    }

    /// Each frame the whole screen, colour 0 of a 2-colour table.
    package static func gif(width: Int = 32, height: Int = 32, frames: Int) -> [UInt8] {
        // A 2-colour table:
        var b = Array("GIF89a".utf8) + le(width, 2) + le(height, 2) + [0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        b += [0x21, 0xFF, 3, 1, 2, 3, 0]  // an application extension
        let data = lzwOfZeros(count: width * height)
        for _ in 0..<frames {
            b += [0x2C] + le(0, 2) + le(0, 2) + le(width, 2) + le(height, 2) + [0x00]
            b += [2]  // LZW code size, then sub-blocks, then a terminator
            for start in stride(from: 0, to: data.count, by: 255) {
                let block = data[start..<min(start + 255, data.count)]
                b += [UInt8(block.count)] + block
            }
            b += [0]
        }
        return b + [0x3B]
    }

    /// An animation when `frames` is over 1: a `VP8X` canvas, an `ANIM`,
    /// each frame an `ANMF` of the whole canvas.
    package static func webp(width: Int = 32, height: Int = 32, frames: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + le(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
        }
        let lossless = chunk("VP8L", vp8lOfOneColour(width: width, height: height))
        var body: [UInt8]
        if frames > 1 {
            body =
                chunk("VP8X", [0x12, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))
                + chunk("ANIM", [0, 0, 0, 0, 0, 0])
            let frame = le(0, 3) + le(0, 3) + le(width - 1, 3) + le(height - 1, 3) + le(100, 3) + [0]
            for _ in 0..<frames { body += chunk("ANMF", frame + lossless) }
        } else {
            body = lossless
        }
        return Array("RIFF".utf8) + le(body.count + 4, 4) + Array("WEBP".utf8) + body
    }

    /// Bits written first to last from each byte's lowest bit, as deflate, LZW in GIF and VP8L pack them.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var bit = 0
        mutating func put(_ value: Int, _ count: Int) {
            for i in 0..<count {
                if bit == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> i) & 1) << bit
                bit = (bit + 1) % 8
            }
        }
        /// A Huffman code, written from its highest bit (deflate's rule).
        mutating func putCode(_ code: Int, _ count: Int) {
            for i in (0..<count).reversed() { put(code >> i & 1, 1) }
        }
    }

    /// `count` zero bytes as a zlib stream: one fixed-Huffman block, a literal 0 then copies of 258 at distance 1.
    private static func zlibOfZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.put(1, 1)  // the last block
        bits.put(1, 2)  // fixed Huffman codes
        var left = count
        if left > 0 {
            bits.putCode(0x30, 8)  // literal 0
            left -= 1
        }
        while left >= 258 {
            bits.putCode(0xC5, 8)  // length 258 (symbol 285)
            bits.putCode(0, 5)  // distance 1
            left -= 258
        }
        for _ in 0..<left { bits.putCode(0x30, 8) }
        bits.putCode(0, 7)  // end of block (symbol 256)
        let adler = (count % 65521) << 16 | 1  // of zeros: a stays 1, b adds 1 a byte
        return [0x78, 0x01] + bits.bytes + be32(adler)
    }

    /// `count` pixels of colour 0 in GIF's LZW at code size 2, as giflib's `EGifCompressLine` writes them.
    private static func lzwOfZeros(count: Int) -> [UInt8] {
        let (clear, end, first) = (4, 5, 6)
        var bits = BitWriter()
        var width = 3
        var next = first
        var codes: [Int: Int] = [:]
        func output(_ code: Int) {
            bits.put(code, width)
            if next >= 1 << width && code <= 4095 { width += 1 }
        }
        output(clear)
        var current = 0
        for _ in 1..<max(count, 1) {
            if let code = codes[current << 8] {
                current = code
                continue
            }
            output(current)
            if next >= 4095 {
                output(clear)
                (next, width, codes) = (first, 3, [:])
            } else {
                codes[current << 8] = next
                next += 1
            }
            current = 0
        }
        output(current)
        output(end)
        return bits.bytes
    }

    /// A lossless WebP bitstream of one opaque black: no transform, no colour
    /// cache, one group of prefix codes, each of a single symbol.
    private static func vp8lOfOneColour(width: Int, height: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.put(0x2F, 8)
        bits.put(width - 1, 14)
        bits.put(height - 1, 14)
        bits.put(1, 1)  // alpha is used
        bits.put(0, 3)  // version
        bits.put(0, 1)  // no transform
        bits.put(0, 1)  // no colour cache
        bits.put(0, 1)  // no meta prefix codes
        for symbol in [0, 0, 0, 255, 0] {  // green, red, blue, alpha, distance: simple codes of one symbol
            bits.put(1, 1)
            bits.put(0, 1)
            bits.put(symbol > 1 ? 1 : 0, 1)
            bits.put(symbol, symbol > 1 ? 8 : 1)
        }
        return bits.bytes + [0, 0, 0, 0]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc = UInt32.max
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private static func be32(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (24 - 8 * $0)) } }
    private static func le(_ n: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }
    }
}

import CPNG
import Foundation
import StickerText
import StickerTextJSON
import StickerTextPacks
import StickerTextTestSupport
import Testing

/// Every picture an import takes is decoded whole by libpng, giflib or
/// libwebp, not only sniffed by its headers: a damaged one is refused with
/// what its library said, an animated WebP gets a poster of its first frame,
/// and a picture over the limits is refused before a pixel is decoded (issue 54, item 6).
struct PictureDecodingTests {
    /// A pack of one picture `name`, in a Pleroma zip.
    func importing(_ name: String, _ bytes: [UInt8], skipInvalid: Bool = false) throws(InputError) -> PackImport {
        let url = PackFixtures.folder().appendingPathComponent("pack.zip")
        try! PackFixtures.zip(
            [("pack.json", PackFixtures.json(["files": ["a": name], "pack": [:]])), (name, bytes)], at: url)
        return try PackConversion.importPacks(
            from: url, format: .pleroma, options: ImportOptions(skipInvalid: skipInvalid))
    }

    /// A pack of one picture `name`, in a Pleroma pack's folder (a picture of zeros
    /// compresses past a zip's ratio limit).
    func importingFolder(_ name: String, _ bytes: [UInt8]) throws(InputError) -> PackImport {
        let folder = PackFixtures.folder().appendingPathComponent("pack")
        PackFixtures.write(
            [("pack.json", PackFixtures.json(["files": ["a": name], "pack": [:]])), (name, bytes)], into: folder)
        return try PackConversion.importPacks(from: folder, format: .pleroma, options: ImportOptions())
    }

    func refusal(_ name: String, _ bytes: [UInt8], inFolder: Bool = false) -> String {
        do {
            let result = inFolder ? try importingFolder(name, bytes) : try importing(name, bytes)
            return "imported \(result.packs.count) packs"
        } catch {
            return error.description
        }
    }

    /// `png` with each byte of its `type` chunks' data after the first `keep` made `0xFF`, its CRC made anew:
    /// the chunk is whole, only what it holds is garbage.
    static func garbled(_ png: [UInt8], chunk type: String, occurrence: Int = 1, keep: Int) -> [UInt8] {
        var png = png
        var at = 8
        var seen = 0
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[at + 4..<at + 8].elementsEqual(type.utf8) {
                seen += 1
                if seen == occurrence {
                    for i in at + 8 + keep..<at + 8 + length { png[i] = 0xFF }
                    var crc = UInt32.max
                    for byte in png[at + 4..<at + 8 + length] {
                        crc ^= UInt32(byte)
                        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
                    }
                    crc = ~crc
                    for i in 0..<4 { png[at + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
                    return png
                }
            }
            at += 12 + length
        }
        return png
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/pictures")

    @Test func aWholePNGIsTakenAndOneWhosePixelDataIsGarbageIsRefusedInLibpngsWords() throws {
        let png = ImageBytes.png(width: 64, height: 64)
        #expect(try importing("a.png", png).packs.count == 1)
        // The zlib header kept, the deflate data after it garbage.
        let damaged = Self.garbled(png, chunk: "IDAT", keep: 2)
        #expect(SniffedImage(damaged) == SniffedImage(png))  // its headers are as good as the whole one's
        let message = refusal("a.png", damaged)
        #expect(
            message.hasPrefix(
                "pack.zip: pack.json: files.a: \"a.png\" cannot be decoded as a PNG: its pixel data is damaged; libpng said: \""
            ), "\(message)")
    }

    @Test func anAPNGWithADamagedLaterFrameIsRefusedNamingTheFrame() throws {
        let apng = ImageBytes.png(width: 40, height: 30, frames: 3)
        #expect(try importing("a.png", apng).packs.first?.pack.stickers.first?.image?.poster != nil)
        // The third frame's fdAT: its sequence number and zlib header kept.
        let message = refusal("a.png", Self.garbled(apng, chunk: "fdAT", occurrence: 2, keep: 6))
        #expect(
            message.hasPrefix(
                "pack.zip: pack.json: files.a: \"a.png\" cannot be decoded as an APNG: its pixel data is damaged (frame 3); libpng said: \""
            ), "\(message)")
    }

    @Test func aGIFCutShortIsRefusedSayingItEndsBeforeItsPictureDoes() throws {
        let gif = ImageBytes.gif(width: 300, height: 200, frames: 2)
        #expect(try importing("a.gif", gif).packs.count == 1)
        let message = refusal("a.gif", Array(gif.prefix(gif.count - 20)))
        #expect(
            message
                == "pack.zip: pack.json: files.a: \"a.gif\" cannot be decoded as a GIF: the file ends before its picture does (frame 2); giflib said: \"Failed to read from given file\"",
            "\(message)")
    }

    @Test func aWebPCutShortIsRefusedInLibwebpsWords() throws {
        let webp = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("red-green-blue.webp")))
        #expect(
            refusal("a.webp", Array(webp.dropLast(30)))
                == "pack.zip: pack.json: files.a: \"a.webp\" cannot be decoded as a WebP: the file ends before its picture does; libwebp said: WEBP_DEMUX_PARSED_HEADER"
        )
    }

    @Test func anAnimatedWebPIsTakenWithAPosterOfItsFirstFrame() throws {
        // Three frames of 24×24, red, green and blue, written by Debian's img2webp (-lossless).
        let webp = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("red-green-blue.webp")))
        #expect(SniffedImage(webp) == SniffedImage(ImageBytes.webp(width: 24, height: 24, frames: 3)))
        let result = try importing("party.webp", webp)
        let pack = try #require(result.packs.first)
        let image = try #require(pack.pack.stickers.first?.image)
        let posterName = try #require(image.poster?.x1)
        #expect(pack.files[image.x1] == webp)
        #expect(posterName.hasSuffix("-poster.png"))
        let poster = try #require(pack.files[posterName])
        #expect(SniffedImage(poster) == SniffedImage(ImageBytes.png(width: 24, height: 24)))
        // Every pixel the first frame's red, opaque.
        let pixels = try #require(Self.rgba(poster))
        #expect(pixels.count == 24 * 24 * 4)
        #expect(
            stride(from: 0, to: pixels.count, by: 4).allSatisfy { pixels[$0..<$0 + 4].elementsEqual([255, 0, 0, 255]) })
    }

    @Test func aFirstFrameSmallerThanItsCanvasIsPutInItsPlaceOnATransparentPoster() throws {
        // A 24×24 canvas; its first frame 8×6 of red at (4, 10), its second all blue (webpmux, from cwebp -lossless).
        let webp = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("red-square-then-blue.webp")))
        let pack = try #require(try importing("square.webp", webp).packs.first)
        let image = try #require(pack.pack.stickers.first?.image)
        let poster = try #require(image.poster.flatMap { pack.files[$0.x1] })
        let pixels = try #require(Self.rgba(poster))
        #expect(pixels.count == 24 * 24 * 4)
        for y in 0..<24 {
            for x in 0..<24 {
                let inFrame = (4..<12).contains(x) && (10..<16).contains(y)
                let expected: [UInt8] = inFrame ? [255, 0, 0, 255] : [0, 0, 0, 0]
                #expect(pixels[(y * 24 + x) * 4..<(y * 24 + x) * 4 + 4].elementsEqual(expected), "at (\(x), \(y))")
            }
        }
    }

    @Test func aWebPWhoseCanvasIsOverTheLimitIsRefusedBeforeAPixelIsDecoded() throws {
        // 16384×16384 RGBA would be a gigabyte to decode.
        let huge = ImageBytes.webp(width: 16384, height: 16384, frames: 2)
        let cpu = bestThreadCPUSeconds(rounds: 1) {
            #expect(
                refusal("a.webp", huge)
                    == "pack.zip: pack.json: files.a: image \"a.webp\" is 16384×16384 pixels, not between 1 and 4096 a side"
            )
        }
        #expect(cpu < 0.5)
    }

    /// The iOS originals' plists take their pictures as they are, not
    /// through the image intake: each is decoded whole all the same.
    @Test func aPlistsPictureWhosePixelDataIsGarbageIsRefusedNamingIt() throws {
        let plist = try PlistImportTests().plistWithImages("ppsticker/InnerStickersInfo.plist", format: .ppsticker)
        let picture = plist.deletingLastPathComponent().appendingPathComponent("baibai@3x.png")
        let whole = Array(try Data(contentsOf: picture))
        try Data(Self.garbled(whole, chunk: "IDAT", keep: 2)).write(to: picture)
        let error = try #require(throws: InputError.self) {
            try PackConversion.importPacks(from: plist, format: .ppsticker, options: .init(id: "pp"))
        }
        #expect(error.issues.count == 1)
        #expect(
            error.issues.first?.message.hasPrefix(
                "\"baibai@3x.png\" cannot be decoded as a PNG: its pixel data is damaged; libpng said: \"") == true,
            "\(error)")
    }

    /// Five frames of 4096×4096, or 65 of 1024×1024, are within the side and
    /// frame limits but come to over 67 million pixels: a WebP of a few hundred
    /// bytes (whose one-colour frames take no bits a pixel) or a GIF of 120 KB.
    @Test func anAnimationWhoseFramesAddUpToTooManyPixelsIsRefusedBeforeTheyAreDecoded() throws {
        let said = "its frames add up to more than 67108864 pixels, as many as four pictures of the largest size"
        for (name, bytes, kind) in [
            ("a.webp", ImageBytes.webp(width: 4096, height: 4096, frames: 5), "a WebP"),
            ("a.gif", ImageBytes.gif(width: 1024, height: 1024, frames: 65), "a GIF"),
        ] {
            var message = ""
            let cpu = bestThreadCPUSeconds(rounds: 1) { message = refusal(name, bytes, inFolder: true) }
            #expect(
                message.hasSuffix(
                    "pack.json: files.a: \"\(name)\" cannot be decoded as \(kind): \(said) (refused before decoding them)"
                ),
                "\(message)"
            )
            #expect(cpu < 0.5, "\(name): \(cpu) s")
        }
    }

    /// Pixels from libpng's simplified reader, as the test's own check of the poster.
    static func rgba(_ png: [UInt8]) -> [UInt8]? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        return png.withUnsafeBytes { raw -> [UInt8]? in
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else { return nil }
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            var pixels = [UInt8](repeating: 0, count: Int(image.width * image.height) * 4)
            let done = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(image.width * 4), nil)
            }
            return done != 0 ? pixels : nil
        }
    }
}

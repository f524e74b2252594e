import Foundation
import StickerTextJSON
import StickerTextTestSupport
import Testing

@testable import StickerText

struct AnimatedStickerTests {
    // MARK: - The format is told by the bytes

    @Test func theSnifferTellsAPNGGIFAndWebPAnimationsFromStills() {
        #expect(
            SniffedImage(ImageBytes.png())
                == SniffedImage(format: .png, width: 32, height: 32, frames: 1, isAnimated: false))
        #expect(
            SniffedImage(ImageBytes.png(width: 64, height: 48, frames: 7))
                == SniffedImage(format: .apng, width: 64, height: 48, frames: 7, isAnimated: true))
        #expect(SniffedImage(ImageBytes.gif(frames: 1))?.isAnimated == false)
        #expect(
            SniffedImage(ImageBytes.gif(width: 40, height: 30, frames: 3))
                == SniffedImage(format: .gif, width: 40, height: 30, frames: 3, isAnimated: true))
        #expect(
            SniffedImage(ImageBytes.webp(frames: 1))
                == SniffedImage(format: .webp, width: 32, height: 32, frames: 1, isAnimated: false))
        #expect(
            SniffedImage(ImageBytes.webp(width: 96, height: 64, frames: 5))
                == SniffedImage(format: .webp, width: 96, height: 64, frames: 5, isAnimated: true))
    }

    @Test func bytesCutShortOrOfAnotherFormatAreNoImage() {
        #expect(SniffedImage([0x89]) == nil)
        #expect(SniffedImage(Array(ImageBytes.png(frames: 3).prefix(40))) == nil)
        #expect(SniffedImage(Array(ImageBytes.gif(frames: 3).dropLast(4))) == nil)
        #expect(SniffedImage(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
    }

    @Test func theDefaultAnimatedPackIsAPNGsWithStillPostersAsPILWroteThem() throws {
        let folder = repositoryFile("public/stickers/motion")
        let spin = try #require(SniffedImage(Array(try Data(contentsOf: folder.appendingPathComponent("spin@3x.png")))))
        #expect(spin.format == .apng && spin.isAnimated && spin.frames > 1 && (spin.width, spin.height) == (96, 96))
        let poster = try #require(
            SniffedImage(Array(try Data(contentsOf: folder.appendingPathComponent("spin-poster@3x.png")))))
        #expect(poster == SniffedImage(format: .png, width: 96, height: 96, frames: 1, isAnimated: false))
    }

    // MARK: - pack.json

    static let animatedImage =
        #"{"1x":"a.png","2x":"a@2x.png","3x":"a@3x.png","width":32,"height":32,"animated":true,"poster":{"1x":"p.png","2x":"p@2x.png","3x":"p@3x.png"}}"#

    func packJSON(image: String = animatedImage) -> String {
        #"{"id":"one","title":{"zh":"x","en":"x"},"cover":"[转]","kind":"image","stickers":[{"tag":"[转]","name":{"zh":"转","en":"turn"},"image":"#
            + image + "}]}"
    }

    /// A pack folder whose files are `files` (name → bytes); by default a good
    /// animated sticker: APNGs of 4 frames and still posters, at 32, 64 and 96 px.
    func issues(_ json: String? = nil, replacing replaced: [String: [UInt8]] = [:]) throws -> [StickerPack.Issue] {
        var files: [String: [UInt8]] = [:]
        for (scale, suffix) in [(1, ""), (2, "@2x"), (3, "@3x")] {
            files["a\(suffix).png"] = ImageBytes.png(width: 32 * scale, height: 32 * scale, frames: 4)
            files["p\(suffix).png"] = ImageBytes.png(width: 32 * scale, height: 32 * scale)
        }
        files.merge(replaced) { $1 }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("anim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("one")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((json ?? packJSON()).utf8).write(to: folder.appendingPathComponent("pack.json"))
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        do {
            _ = try StickerCatalog.load(directory: root.path)
            return []
        } catch {
            return error.issues.map {
                StickerPack.Issue(file: "one/pack.json", entry: $0.entry, message: $0.message)
            }
        }
    }

    func issue(_ problem: ImageFileRules.Problem) -> StickerPack.Issue {
        StickerPack.Issue(file: "one/pack.json", entry: "stickers[0] [转]", message: problem.description)
    }

    @Test func anAnimatedStickerWithStillPostersOfItsSizeLoads() throws {
        #expect(try issues() == [])
        #expect(
            try issues(replacing: [
                "a@2x.png": ImageBytes.gif(width: 64, height: 64, frames: 3),
                "a@3x.png": ImageBytes.webp(width: 96, height: 96, frames: 9),
                "p@3x.png": ImageBytes.webp(width: 96, height: 96, frames: 1),
            ]) == [])
    }

    @Test func aPackWithAnAnimatedStickerReadsBackTheSameFromWhatTheToolsWrite() throws {
        let pack = try StickerPack(packJSON: Array(packJSON().utf8))
        let image = try #require(pack.stickers[0].image)
        #expect(
            image.isAnimated
                && image.poster == StickerImage(x1: "p.png", x2: "p@2x.png", x3: "p@3x.png", width: 32, height: 32))
        #expect(try StickerPack(packJSON: pack.packJSON) == pack)
        #expect(
            String(decoding: pack.packJSON, as: UTF8.self).contains(
                #""3x":"a@3x.png","animated":true,"height":32,"poster":{"1x":"p.png""#))
    }

    @Test func animatedWithoutAPosterOrAPosterWithoutAnimatedIsNotAPack() throws {
        let noPoster = try issues(
            packJSON(image: #"{"1x":"a.png","2x":"a@2x.png","3x":"a@3x.png","width":32,"height":32,"animated":true}"#))
        #expect(noPoster.count == 1)
        #expect(
            noPoster.first?.message
                == #"not a pack: missing "stickers[0].image.poster": an animated image needs a still poster"#)
        let noFlag = try issues(
            packJSON(image: Self.animatedImage.replacingOccurrences(of: #""animated":true,"#, with: "")))
        #expect(
            noFlag.first?.message
                == #"not a pack: stickers[0].image.poster is for animated images: add "stickers[0].image.animated": true"#
        )
        let falseFlag = try issues(
            packJSON(
                image: Self.animatedImage.replacingOccurrences(of: #""animated":true"#, with: #""animated":false"#)))
        #expect(falseFlag == noFlag)
    }

    @Test func aStillFileMarkedAnimatedIsAnError() throws {
        #expect(
            try issues(replacing: ["a@2x.png": ImageBytes.png(width: 64, height: 64)])
                == [issue(.stillButDeclaredAnimated(file: "a@2x.png", format: .png))])
        #expect(
            try issues(replacing: ["a.png": ImageBytes.gif(frames: 1)])
                == [issue(.stillButDeclaredAnimated(file: "a.png", format: .gif))])
    }

    @Test func anAnimationInAStickerNotMarkedAnimatedIsAnError() throws {
        let still = #"{"1x":"a.png","2x":"p@2x.png","3x":"p@3x.png","width":32,"height":32}"#
        #expect(try issues(packJSON(image: still)) == [issue(.animatedButNotDeclared(file: "a.png", format: .apng))])
        #expect(
            try issues(packJSON(image: still), replacing: ["a.png": ImageBytes.webp(frames: 2)])
                == [issue(.animatedButNotDeclared(file: "a.png", format: .webp))])
    }

    @Test func anAnimatedPosterIsAnError() throws {
        #expect(
            try issues(replacing: ["p.png": ImageBytes.gif(frames: 2)]) == [
                issue(.animatedPoster(file: "p.png", format: .gif))
            ])
    }

    @Test func aPosterOfAnotherSizeThanItsAnimationIsAnError() throws {
        #expect(
            try issues(replacing: ["p@3x.png": ImageBytes.png(width: 96, height: 90)])
                == [
                    issue(
                        .posterSizeDiffers(
                            poster: "p@3x.png", width: 96, height: 90, animation: "a@3x.png",
                            animationWidth: 96, animationHeight: 96))
                ])
    }

    @Test func moreFramesThanTheLimitIsAnError() throws {
        #expect(try issues(replacing: ["a.png": ImageBytes.png(frames: ImageFileRules.maxFrames)]) == [])
        #expect(
            try issues(replacing: ["a.png": ImageBytes.png(frames: ImageFileRules.maxFrames + 1)])
                == [issue(.tooManyFrames(file: "a.png", frames: ImageFileRules.maxFrames + 1))])
        #expect(
            try issues(replacing: ["a.png": ImageBytes.gif(frames: 101)]) == [
                issue(.tooManyFrames(file: "a.png", frames: 101))
            ])
    }

    @Test func aFileOverTheByteLimitIsAnError() throws {
        // A GIF's extension blocks make it as long as wanted without changing its frames.
        var big = ImageBytes.gif(frames: 2)
        let comment: [UInt8] =
            [0x21, 0xFE] + Array(repeating: [255] + [UInt8](repeating: 0x41, count: 255), count: 2100).flatMap { $0 }
            + [0]
        big.insert(contentsOf: comment, at: 13 + 6)  // after the header and its colour table
        #expect(big.count > ImageFileRules.maxBytes && SniffedImage(big)?.frames == 2)
        #expect(try issues(replacing: ["a.png": big]) == [issue(.tooManyBytes(file: "a.png", bytes: big.count))])
    }

    @Test func pixelSidesOutsideTheLimitsAreAnError() throws {
        #expect(
            try issues(replacing: [
                "a@3x.png": ImageBytes.png(width: 5000, height: 96, frames: 2),
                "p@3x.png": ImageBytes.png(width: 5000, height: 96),
            ])
                == [
                    issue(.sideOutOfRange(file: "a@3x.png", width: 5000, height: 96)),
                    issue(.sideOutOfRange(file: "p@3x.png", width: 5000, height: 96)),
                ].sorted())
    }

    @Test func aFileOfNoKnownFormatIsAnError() throws {
        #expect(
            try issues(replacing: ["p@2x.png": Array("not an image".utf8)]) == [issue(.unknownFormat(file: "p@2x.png"))]
        )
    }

    @Test func posterPathsAreHeldToTheImagePathRulesAndMustExist() throws {
        let leaving = try issues(
            packJSON(image: Self.animatedImage.replacingOccurrences(of: #""1x":"p.png""#, with: #""1x":"../p.png""#)))
        #expect(
            leaving.contains { $0.message.contains(#"image path "../p.png" leaves the pack folder"#) }, "\(leaving)")
        let missing = try issues(
            packJSON(image: Self.animatedImage.replacingOccurrences(of: #""1x":"p.png""#, with: #""1x":"gone.png""#)))
        #expect(
            missing == [
                StickerPack.Issue(
                    file: "one/pack.json", entry: "stickers[0] [转]", message: #"missing image "gone.png""#)
            ])
    }

    // MARK: - Rendering

    static let spin =
        #"<picture><source media="(prefers-reduced-motion: reduce)" srcset="/stickers/motion/spin-poster.png 1x, /stickers/motion/spin-poster@2x.png 2x, /stickers/motion/spin-poster@3x.png 3x">"#
        + #"<img class="sticker" src="/stickers/motion/spin.png" srcset="/stickers/motion/spin@2x.png 2x, /stickers/motion/spin@3x.png 3x" width="20" height="20" alt="[转圈]" title="转圈" aria-label="转圈" draggable="false"></picture>"#

    @Test func anAnimatedStickerRendersAsAPictureWithThePosterForReducedMotion() throws {
        #expect(try render("a[转圈]b") == "a\(Self.spin)b")
        #expect(try render("a[转圈]b", RenderOptions(wrapEmoji: true)) == "a\(Self.spin)b")
        #expect(textAndAlts(of: try render("[spin]<[转圈]>\n")) == "[spin]<[转圈]>\n")
    }

    @Test func thePostersURLsAreUnderTheBaseURLLikeTheImages() throws {
        let html = try render("[spin]", RenderOptions(baseURL: "https://cdn.example.com/st", size: 32, lang: .en))
        #expect(
            html
                == #"<picture><source media="(prefers-reduced-motion: reduce)" srcset="https://cdn.example.com/st/stickers/motion/spin-poster.png 1x, https://cdn.example.com/st/stickers/motion/spin-poster@2x.png 2x, https://cdn.example.com/st/stickers/motion/spin-poster@3x.png 3x">"#
                + #"<img class="sticker" src="https://cdn.example.com/st/stickers/motion/spin.png" srcset="https://cdn.example.com/st/stickers/motion/spin@2x.png 2x, https://cdn.example.com/st/stickers/motion/spin@3x.png 3x" width="32" height="32" alt="[spin]" title="spinning" aria-label="spinning" draggable="false"></picture>"#
        )
    }

    @Test func aStillStickerBesideAnAnimatedOneIsUnchanged() throws {
        let smile = try render("[微笑]")
        #expect(smile.hasPrefix("<img ") && !smile.contains("picture"))
        #expect(try render("[微笑][转圈]") == smile + Self.spin)
    }

    /// The markup characters of a name are escaped once inside `<picture>` too.
    @Test func anAnimatedStickersNamesAreEscapedOnce() throws {
        let image = StickerImage(
            x1: "a.png", x2: "a@2x.png", x3: "a@3x.png", width: 32, height: 32,
            poster: StickerImage(x1: "p.png", x2: "p@2x.png", x3: "p@3x.png", width: 32, height: 32))
        let sticker = Sticker(tag: "[q]", name: LocalizedName(zh: #"<"&'>"#, en: "x"), image: image)
        let catalog = try StickerCatalog(packs: [
            StickerPack(
                id: "p", title: LocalizedName(zh: "p", en: "p"), cover: "[q]",
                kind: .image, stickers: [sticker])
        ])
        #expect(
            try HTMLRenderer(catalog: catalog).render("[q]")
                == #"<picture><source media="(prefers-reduced-motion: reduce)" srcset="/stickers/p/p.png 1x, /stickers/p/p@2x.png 2x, /stickers/p/p@3x.png 3x">"#
                + #"<img class="sticker" src="/stickers/p/a.png" srcset="/stickers/p/a@2x.png 2x, /stickers/p/a@3x.png 3x" width="20" height="20" alt="[q]" title="x" aria-label="&lt;&quot;&amp;&#39;&gt;" draggable="false"></picture>"#
        )
    }

    /// A poster is a still image of its animation's size: one of another size,
    /// or one with a poster of its own, is a pack's problem, not a file nginx serves.
    @Test func aPosterOfAnotherSizeOrWithAPosterOfItsOwnIsRefused() {
        let still = StickerImage(x1: "p.png", x2: "p@2x.png", x3: "p@3x.png", width: 32, height: 32)
        var posterWithPoster = still
        posterWithPoster.poster = still
        for poster in [
            StickerImage(x1: "p.png", x2: "p@2x.png", x3: "p@3x.png", width: 16, height: 32), posterWithPoster,
        ] {
            let image = StickerImage(x1: "a.png", x2: "a@2x.png", x3: "a@3x.png", width: 32, height: 32, poster: poster)
            let pack = StickerPack(
                id: "p", title: LocalizedName(zh: "p", en: "p"), cover: "[q]", kind: .image,
                stickers: [Sticker(tag: "[q]", name: LocalizedName(zh: "q", en: "q"), image: image)])
            #expect {
                try StickerCatalog(packs: [pack])
            } throws: {
                "\($0)".contains("a poster is a still of its animation's size, with no poster of its own")
            }
        }
    }

    @Test func theSafetyTokenizerRefusesAnyOtherPictureMarkup() {
        let source = #"<source media="(prefers-reduced-motion: reduce)" srcset="/p.png 1x">"#
        let img = #"<img class="sticker" src="/a.png" alt="[转圈]">"#
        #expect(textAndAlts(of: "<picture>\(source)\(img)</picture>") == "[转圈]")
        for html in [
            "<picture>\(img)</picture>", "<picture>\(source)\(source)\(img)</picture>", "\(source)\(img)",
            "<picture>\(source)x\(img)</picture>", "<picture>\(source)\(img)", "\(img)</picture>",
            #"<picture><source media="all" srcset="/p.png">\#(img)</picture>"#,
            #"<picture><source media="(prefers-reduced-motion: reduce)" srcset="/p.png" onerror="x">\#(img)</picture>"#,
            "<picture><picture>\(source)\(img)</picture></picture>",
        ] {
            #expect(textAndAlts(of: html) == nil, "\(html)")
        }
    }

    // MARK: - The packs document

    @Test func thePacksDocumentCarriesThePosterForThePage() throws {
        let document = jsonObject(StickerCatalog.default.packsDocument(base: "/"))
        let motion = try #require((document["packs"] as? [[String: Any]])?.first { $0["id"] as? String == "motion" })
        let spin = try #require((motion["stickers"] as? [[String: Any]])?.first)
        #expect(
            canonicalJSON(spin["image"] as Any)
                == canonicalJSON(
                    [
                        "animated": true, "width": 32, "height": 32,
                        "src": "/stickers/motion/spin.png",
                        "srcset": "/stickers/motion/spin@2x.png 2x, /stickers/motion/spin@3x.png 3x",
                        "poster": [
                            "src": "/stickers/motion/spin-poster.png",
                            "srcset": "/stickers/motion/spin-poster@2x.png 2x, /stickers/motion/spin-poster@3x.png 3x",
                        ],
                    ] as [String: Any]))
        let weibo = try #require((document["packs"] as? [[String: Any]])?.first)
        let smile = try #require(((weibo["stickers"] as? [[String: Any]])?.first?["image"]) as? [String: Any])
        #expect(Set(smile.keys) == ["height", "src", "srcset", "width"])
    }
}

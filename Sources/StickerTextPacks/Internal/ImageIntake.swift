import StickerText

/// Image files of an import into stickers' files (`CheckedImage`), each checked by its bytes.
enum ImageIntake {
    /// Checks `bytes`, found at `name` in `file` (`entry` is the field that
    /// named it), and makes the poster of an animation, or uses `still`
    /// (Mastodon's `static_url`) when it is a still of the animation's size.
    /// Refused, each with its reason: Telegram's TGS and WebM stickers and
    /// Lottie animations (Discord's LOTTIE stickers), told to be converted
    /// first; any other format than PNG, APNG, GIF and WebP; a picture a
    /// packs folder would refuse (`ImageFileRules`: sides, frames, bytes),
    /// checked from its headers before a pixel is decoded; then a picture
    /// its library cannot decode whole, every frame (`PictureDecoding`:
    /// libpng, giflib, libwebp), with what the library said. Bytes of another
    /// of the four formats than the name's extension says are taken, with a `note`.
    static func take(_ bytes: [UInt8], name: String, file: String, entry: String, still: [UInt8]? = nil)
        throws(InputError) -> CheckedImage
    {
        let nameExtension = name.split(separator: "/").last.flatMap { part in
            part.contains(".") ? part.split(separator: ".").last.map { $0.lowercased() } : nil
        }
        if nameExtension == "tgs" || bytes.starts(with: [0x1F, 0x8B]) {
            throw problem(file, entry, convertFirst("\"\(name)\" is \(Unconvertible.tgs.description)"))
        }
        if nameExtension == "webm" || bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            throw problem(file, entry, convertFirst("\"\(name)\" is \(Unconvertible.webm.description)"))
        }
        guard let sniffed = SniffedImage(bytes) else {
            // A PNG, GIF or WebP by its signature whose headers do not add up (cut short, say): its library says why.
            if let format = PictureDecoding.signature(of: bytes) {
                do throws(PictureFailure) {
                    _ = try PictureDecoding.decode(bytes, as: format)
                } catch {
                    throw problem(file, entry, "\"\(name)\" cannot be decoded as a \(format.rawValue): \(error)")
                }
            }
            // Discord's LOTTIE stickers are the animation's JSON (.json); a dotLottie is a zip (.lottie).
            if nameExtension == "json" || nameExtension == "lottie"
                || bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "{")
            {
                throw problem(file, entry, convertFirst("\"\(name)\" is \(Unconvertible.lottie.description)"))
            }
            throw problem(file, entry, "\"\(name)\" is not a PNG, APNG, GIF or WebP file")
        }
        let fileExtension =
            switch sniffed.format {
            case .png, .apng: "png"
            case .gif: "gif"
            case .webp: "webp"
            }
        var image = CheckedImage(bytes: bytes, sniffed: sniffed, fileExtension: fileExtension)
        // Misskey names a file by its public copy's type (.webp for a PNG with EXIF data or
        // over 2048 pixels): the bytes say what it is, and the sticker's file is named so.
        if let nameExtension, nameExtension != fileExtension, !(nameExtension == "apng" && sniffed.format == .apng) {
            let kind = PictureDecoding.article(sniffed.format)
            image.note =
                "\"\(name)\" is named .\(nameExtension) but its bytes are \(kind): taken as \(kind), saved as .\(fileExtension)"
        }
        // What a packs folder would refuse, refused here in the archive's words,
        // before a pixel is decoded.
        let outOfBounds = ImageFileRules.limits(of: name, bytes: bytes, sniffed: sniffed, animated: sniffed.isAnimated)
        guard outOfBounds.isEmpty else {
            throw InputError.invalidPacks(
                outOfBounds.map {
                    StickerPack.Issue(file: file, entry: entry, message: $0.description)
                })
        }
        // Decoded whole, every frame; an animated WebP's first frame kept for its poster.
        let firstFrame: RGBAPicture?
        do throws(PictureFailure) {
            firstFrame = try PictureDecoding.decode(
                bytes, as: sniffed.format, keepFirstFrame: sniffed.isAnimated && sniffed.format == .webp)
        } catch {
            throw problem(
                file, entry, "\"\(name)\" cannot be decoded as \(PictureDecoding.article(sniffed.format)): \(error)")
        }
        if sniffed.isAnimated {
            // The archive's still, if it is a still of the animation's size within a poster's
            // bounds; else one cut from the animation (its first frame: within them when it is).
            if let still, let stillImage = SniffedImage(still), !stillImage.isAnimated,
                (stillImage.width, stillImage.height) == (sniffed.width, sniffed.height),
                ImageFileRules.limits(of: name, bytes: still, sniffed: stillImage, animated: true).isEmpty,
                PictureDecoding.decodes(still, as: stillImage.format)
            {
                image.poster = still
            } else {
                switch sniffed.format {
                case .apng: image.poster = PosterMaker.stillPNG(bytes)
                case .gif: image.poster = PosterMaker.firstGIFFrame(bytes)
                case .webp: image.poster = firstFrame.flatMap(PosterMaker.png)
                case .png: break
                }
                guard let poster = image.poster, let posterImage = SniffedImage(poster), !posterImage.isAnimated else {
                    throw problem(
                        file, entry,
                        "\"\(name)\" is an animated \(sniffed.format.rawValue) whose first frame cannot be cut out as a still poster"
                    )
                }
                // A poster written anew (an animated WebP's, as a PNG) is held to the same limits.
                let posterBounds = ImageFileRules.limits(
                    of: "\(name) (its poster)", bytes: poster, sniffed: posterImage, animated: true)
                guard posterBounds.isEmpty else {
                    throw InputError.invalidPacks(
                        posterBounds.map { StickerPack.Issue(file: file, entry: entry, message: $0.description) })
                }
            }
        }
        return image
    }

    /// What an import says of a picture in a format a pack cannot hold: `what`, and what to do.
    static func convertFirst(_ what: String) -> String {
        "\(what): stickertext packs hold PNG, APNG, GIF or WebP; convert it to an APNG or GIF first"
    }
}

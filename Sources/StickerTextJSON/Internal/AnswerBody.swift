import StickerText

/// The JSON of a POST's answer, which `write` writes the same each time it
/// is asked: for an answer too large to hold, once counted and again in
/// pieces as it is sent (`StickerTextAPI.answer`), at a time the request's
/// values are gone, so it holds them. Each writes through a static
/// function of its parts, which the first pass calls directly.
protocol AnswerBody: Sendable {
    func write(to writer: inout JSONWriter)
}

/// `POST /api/render`: `{"html", "stickers", "counts"}`.
struct RenderAnswer: AnswerBody {
    /// Renderable text (`HTMLRenderer.checkRenderable` took it).
    let text: String
    let renderer: JSONStringHTML
    let counts: TextCounts
    let listings: StickerListings

    func write(to writer: inout JSONWriter) { Self.write(text, renderer, counts, listings, to: &writer) }

    /// Its fields as parameters: the closures below capture them as they
    /// are, where capturing `self` copied it whole (~1k instructions of
    /// retains and releases on a small render).
    static func write(
        _ text: String, _ renderer: JSONStringHTML, _ counts: TextCounts, _ listings: StickerListings,
        to writer: inout JSONWriter
    ) {
        writer.object { writer in
            // The HTML is rendered straight into the JSON string, escaped for it as it goes.
            writer.key("html")
            writer.string(escapedBy: { renderer.write(text, into: &$0) })
            // The same list is in `counts`: written once, copied there.
            writer.key("stickers")
            let stickers = writer.value {
                TextCounts.Found.write(counts.stickers, to: &$0, listings: listings)
            }
            writer.key("counts")
            counts.write(to: &writer, stickersWritten: stickers, listings: listings)
        }
    }
}

/// `POST /api/edit`: `EditResponse`, its HTML rendered as it is written.
struct EditAnswer: AnswerBody {
    /// Its `text` renderable (`HTMLRenderer.checkRenderable` took it).
    let response: EditResponse
    let renderer: JSONStringHTML
    let listings: StickerListings

    func write(to writer: inout JSONWriter) { Self.write(response, renderer, listings, to: &writer) }

    /// Its fields as parameters, as `RenderAnswer`'s.
    static func write(
        _ response: EditResponse, _ renderer: JSONStringHTML, _ listings: StickerListings, to writer: inout JSONWriter
    ) {
        let text = response.text
        response.write(to: &writer, html: { renderer.write(text, into: &$0) }, listings: listings)
    }
}

/// `POST /api/count`: the counts.
struct CountAnswer: AnswerBody {
    let counts: TextCounts
    let listings: StickerListings

    func write(to writer: inout JSONWriter) { counts.write(to: &writer, listings: listings) }
}

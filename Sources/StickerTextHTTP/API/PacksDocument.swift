import StickerText
import StickerTextJSON

/// The body of `GET /api/packs` (`StickerCatalog.packsDocument`), built
/// once per catalog in both its representations, identity and gzip, with
/// their ETags; and the ETags of the answers that depend on the packs.
struct PacksDocument: Sendable {
    /// The JSON body.
    let body: [UInt8]
    /// A strong ETag over `body`; its opaque part is the packs' version.
    let etag: String
    /// `body` gzipped, or nil when zlib failed: then only identity is sent.
    let gzipped: [UInt8]?
    /// The gzip representation's strong ETag: another representation needs
    /// another strong tag (RFC 9110 §8.8.3), so the version plus `-gzip`.
    let gzipETag: String
    private let version: String

    /// Built once per catalog (the handler holds it, and forked workers
    /// inherit it), so the gzip costs one compression per pack load.
    init(catalog: StickerCatalog) {
        body = catalog.packsDocument()
        version = Self.hash(body)
        etag = "\"" + version + "\""
        gzipped = try? Gzip.compress(body)
        gzipETag = "\"" + version + "-gzip\""
    }

    /// The strong ETag of an answer computed from the packs (a search, a
    /// render fragment): the packs' version and a hash of the answer, so that
    /// a pack reload changes it even when the answer's bytes are the same.
    /// Never a gzip tag: a hash is 16 hex digits.
    func etag(ofAnswer answer: [UInt8]) -> String {
        "\"" + version + "-" + Self.hash(answer) + "\""
    }

    /// 16 hex digits of FNV-1a over `bytes`: an ETag's opaque part.
    static func hash(_ bytes: [UInt8]) -> String {
        let hash = bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

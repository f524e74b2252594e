/// An answer of the API as a server sends it: held whole, or, when too
/// large to hold (over `AnswerLimit.held`), its size and a way to write it
/// again piece by piece as it is sent.
public enum Answer: Sendable {
    case whole([UInt8])
    case pieces(AnswerPieces)

    /// The bytes, whole: written again into one array when they were not held.
    public var wholeBytes: [UInt8] {
        switch self {
        case .whole(let bytes): return bytes
        case .pieces(let pieces):
            var bytes: [UInt8] = []
            bytes.reserveCapacity(pieces.count)
            pieces.write { bytes.append(contentsOf: $0) }
            return bytes
        }
    }

    /// How many bytes it is.
    public var count: Int {
        switch self {
        case .whole(let bytes): bytes.count
        case .pieces(let pieces): pieces.count
        }
    }
}

/// An answer not held: `count` bytes, which `write` writes again, handing
/// them to its argument in order, a piece (`ByteBuffer.pieceSize`, 64 KiB)
/// at a time. Each call writes the same bytes.
public struct AnswerPieces: Sendable {
    public let count: Int
    public let write: @Sendable (_ piece: (UnsafeBufferPointer<UInt8>) -> Void) -> Void

    public init(count: Int, write: @escaping @Sendable (_ piece: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        self.count = count
        self.write = write
    }
}

/// The bounds of an answer: the most bytes it may be (`most`; over it, the
/// request is answered `answer_too_large`), and the most a server holds in
/// memory at once (`held`, and one write past it; a larger answer is
/// counted, then written again as it is sent).
public struct AnswerLimit: Sendable, Equatable {
    public var most: Int
    public var held: Int
    /// The request's size in bytes when `most` is `ratio` times it (`forRequest`), for the refusal to say so.
    public private(set) var scaledFromRequest: Int?

    public init(most: Int, held: Int = AnswerLimit.defaultHeld) {
        self.most = most
        self.held = held
    }

    /// This limit for a request of `requestBytes` bytes: its answer may be at
    /// most `ratio` times the request, or `floor` whatever the request, and
    /// never over `most`. What this refuses is amplification by small bodies:
    /// a body of 35 KB of short codes with a long `baseURL` made a 16 MiB
    /// answer, ~28 ms of a worker and more of nginx's gzip each, and one
    /// address sending them at once took the cores from everyone else (whose
    /// fair share counts threads, not bytes). Now its answer stops at 560 KB,
    /// refused from the stickers' count before a byte is written. No chat
    /// message meets it: a message's answer is under `floor` whatever it holds
    /// (140 stickers with a 500-character `baseURL` are ~310 KB), and a long
    /// text's answer is a few times its size (a megabyte of Chinese text with a
    /// sticker every ten characters renders to 12 times).
    public func forRequest(ofBytes requestBytes: Int) -> AnswerLimit {
        let scaled = requestBytes.multipliedReportingOverflow(by: Self.ratio)
        let bound = scaled.overflow ? Int.max : max(Self.floor, scaled.partialValue)
        guard bound < most else { return self }
        var limit = self
        limit.most = bound
        limit.scaledFromRequest = requestBytes
        return limit
    }

    /// How many times its request's size an answer may be (`forRequest`).
    public static let ratio = 16

    /// What any request's answer may be, whatever its size (`forRequest`): 512 KiB.
    public static let floor = 512 << 10

    /// 16 MiB: a chat message's answer is a few kilobytes (a sticker in a
    /// render's answer is ~420 bytes: its `<img>` and two listings), and a
    /// megabyte of Chinese text with a sticker every ten characters renders
    /// to about 12 MiB. What it refuses is amplification: 1 MiB of `[ok]`
    /// with the longest `baseURL` would answer half a gigabyte.
    public static let defaultMost = 16 << 20

    /// 1 MiB: more than a message's answer, so one pass writes it.
    public static let defaultHeld = 1 << 20

    /// No limit, every answer held: the CLI's, and the whole-bytes methods'.
    public static let unlimited = AnswerLimit(most: .max, held: .max)
}

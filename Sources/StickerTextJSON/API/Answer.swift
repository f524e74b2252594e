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

    public init(most: Int, held: Int = AnswerLimit.defaultHeld) {
        self.most = most
        self.held = held
    }

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

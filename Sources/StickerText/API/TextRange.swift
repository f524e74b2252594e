/// An NSRange-style range: a start and a length, in some unit.
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
    public var location: Int
    public var length: Int

    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    public static func caret(_ location: Int) -> TextRange { TextRange(location: location, length: 0) }

    public var end: Int { location + length }

    public var description: String { "{\(location), \(length)}" }
}

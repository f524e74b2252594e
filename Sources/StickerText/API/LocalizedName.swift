/// A name in the two languages the picker shows.
public struct LocalizedName: Hashable, Sendable {
    public var zh: String
    public var en: String

    public init(zh: String, en: String) {
        self.zh = zh
        self.en = en
    }
}

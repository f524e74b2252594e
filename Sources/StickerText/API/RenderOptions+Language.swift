extension RenderOptions {
    /// The languages a sticker's name is written in, for its `aria-label`.
    public enum Language: String, CaseIterable, Hashable, Sendable {
        case zh, en

        /// `name` in this language.
        func localized(_ name: LocalizedName) -> String {
            switch self {
            case .zh: name.zh
            case .en: name.en
            }
        }
    }
}

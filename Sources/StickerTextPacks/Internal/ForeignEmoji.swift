import Foundation

/// One custom emoji as another system holds it, read from its format and
/// not yet one of our stickers (`PackAssembly` makes it one).
struct ForeignEmoji {
    /// Its code there, without colons: `blobcat`, `笑哭`.
    var shortcode: String
    /// Other names it answers to: Slack's `alias:` entries, Misskey's aliases
    /// (which Misskey searches by; here each becomes a code when it can be
    /// one and no other sticker of the import has it, else a search keyword).
    var aliases: [String] = []
    /// Words to find it by that are not codes (Discord's sticker tags).
    var keywords: [String] = []
    /// A name for people (Matrix's `body`), when the format has one.
    var name: String?
    /// The picker section it is in (Mastodon's and Misskey's `category`):
    /// each category becomes a pack.
    var category: String?
    var license: String?
    /// Left out of its system's picker, its code still working (Mastodon's `visible_in_picker: false`).
    var unlisted = false
    /// Where its picture is in the source, and its still for an animation (Mastodon's `static_url`).
    var image: String
    var still: String?
    /// The field that describes it, for errors: `emojis[3]`, `images.blobcat`.
    var entry: String
    /// What the source says its picture is when a pack cannot hold that
    /// format (a Telegram TGS sticker): a missing picture is told to be
    /// converted and saved under its name, and a converted one is taken.
    var unconvertible: Unconvertible?
}

extension ForeignEmoji {
    /// Its words in NFC, the form a keyboard types: a file name from macOS
    /// is decomposed (NFD: `ブ` as `フ` and U+3099), and `[ブロブ]` typed would
    /// never find a code kept so. Where its picture is stays as the source names it.
    var composed: ForeignEmoji {
        func nfc(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }
        var emoji = self
        emoji.shortcode = nfc(shortcode)
        emoji.aliases = aliases.map(nfc)
        emoji.keywords = keywords.map(nfc)
        emoji.name = name.map(nfc)
        emoji.category = category.map(nfc)
        return emoji
    }
}

/// What a format takes as a shortcode, and the largest picture it takes: the
/// rules an export names its emoji by (`ShortcodeNames`) and warns by.
struct FormatRules {
    /// ASCII letters, digits and `_` only.
    var ascii = true
    /// Lower case only (Slack).
    var lowerCase = false
    /// Whether the target's import tells names apart without case: tootctl
    /// finds a shortcode by `LOWER(shortcode) = ?` (`lib/mastodon/cli/emoji.rb`),
    /// so `Blobcat` beside `blobcat` would be skipped, or with `--overwrite`
    /// given the other's picture. Such names are made distinct (`blobcat_2`).
    var caseBlind = false
    var minLength = 1
    /// The longest name: in characters, or in UTF-8 bytes when `lengthInBytes`.
    var maxLength = 128
    var lengthInBytes = false
    /// Names the format keeps for itself (Slack's standard emoji).
    var reserved: Set<String> = []
    /// Bytes a picture must stay under, and whose limit that is.
    var maxImageBytes: Int?
    var imageLimit = ""

    /// The names `format` takes:
    /// - Mastodon: `^[a-zA-Z0-9_]{2,}$`, at most 128 characters, one name whatever its case (tootctl's
    ///   `LOWER(shortcode)`); pictures under 256 KB (`MAX_EMOJI_SIZE`).
    /// - Misskey: `^[a-zA-Z0-9_]+$`, its `name` column 128 characters long.
    /// - Pleroma: any name, but it federates with Mastodon, which takes only
    ///   Mastodon's names, and federated pictures under 256 KB (`MAX_REMOTE_EMOJI_SIZE`).
    /// - Slack: lower case (`error_lower_case_names_only`), not one of its
    ///   standard emoji's (`error_name_taken_i18n`); 100 characters kept as a
    ///   bound (Slack documents none); pictures under 128 KB.
    /// - Matrix (MSC2545): any text without `:`, whitespace or `/`, at most 100 bytes.
    init(_ format: PackFormat) {
        switch format {
        case .mastodon, .mastodonAPI:
            minLength = 2
            caseBlind = true
            maxImageBytes = 256 * 1024
            imageLimit = "Mastodon's limit for a custom emoji (MAX_EMOJI_SIZE)"
        case .pleroma:
            minLength = 2
            maxImageBytes = 256 * 1024
            imageLimit = "Mastodon's limit for a federated custom emoji (MAX_REMOTE_EMOJI_SIZE)"
        case .misskey, .misskeyAPI, .ppsticker, .lxweibo, .discord, .telegram:
            break
        case .slack:
            lowerCase = true
            maxLength = 100
            reserved = SlackStandardNames.all
            maxImageBytes = 128 * 1024
            imageLimit = "Slack's limit for a custom emoji"
        case .matrix:
            ascii = false
            maxLength = 100
            lengthInBytes = true
        }
    }

    /// Whether the format takes `name` as it is.
    func accepts(_ name: String) -> Bool {
        let length = lengthInBytes ? name.utf8.count : name.count
        guard (minLength...maxLength).contains(length), !reserved.contains(name) else { return false }
        if ascii {
            return ShortcodeNames.isASCIIName(name) && (!lowerCase || name == name.lowercased())
        }
        return !name.unicodeScalars.contains { $0 == ":" || $0 == "/" || $0.properties.isWhitespace }
    }

    /// The rule in words, for the note that lists renames.
    var summary: String {
        let length =
            lengthInBytes
            ? "at most \(maxLength) bytes"
            : minLength > 1 ? "\(minLength)–\(maxLength) characters" : "at most \(maxLength) characters"
        if !ascii { return "no \":\", \"/\" or space, \(length)" }
        return (lowerCase ? "lower-case letters, digits and _" : "ASCII letters, digits and _") + ", \(length)"
            + (caseBlind ? ", one name whatever its case" : "")
            + (reserved.isEmpty ? "" : ", none of Slack's standard emoji's names")
    }
}

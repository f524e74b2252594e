/// The pack layouts `stickertext import --from` reads and `stickertext export
/// --to` writes: the iOS originals' plists, and the formats of the chat and
/// social systems people keep their custom emoji in. docs/packs.md cites the
/// source of each layout.
public enum PackFormat: String, CaseIterable, Sendable {
    /// PPStickerKeyboard's `InnerStickersInfo.plist` (import only; `PackImporter`).
    case ppsticker
    /// LXWeibo's `info.plist` (import only; `PackImporter`).
    case lxweibo
    /// `tootctl emoji export`'s and `import`'s tar.gz: `<shortcode>.png` or `.gif` files.
    case mastodon
    /// Mastodon's `GET /api/v1/custom_emojis` JSON, with its images in a folder.
    case mastodonAPI = "mastodon-api"
    /// Misskey's custom emoji export zip: `meta.json` and the images.
    case misskey
    /// Misskey's `GET /api/emojis` JSON (import only), with its images in a
    /// folder, or fetched from the instance.
    case misskeyAPI = "misskey-api"
    /// A Pleroma (or Akkoma) emoji pack: a zip of `pack.json` and the
    /// images, or the folder Pleroma keeps a pack in (`pack.json`, else
    /// `emoji.txt`, else its pictures), or an `emoji.txt` alone.
    case pleroma
    /// A Matrix image pack (MSC2545) event's content, with its images in a
    /// folder named by their `mxc://` media ids.
    case matrix
    /// Slack's `emoji.list` answer, with its images in a folder.
    case slack
    /// A Discord server's emoji and stickers as its API gives them (`GET
    /// /guilds/{id}/emojis`, `/stickers`, `/guilds/{id}`, or a sticker pack),
    /// with the pictures saved by their ids (import only).
    case discord
    /// A Telegram sticker set: the Bot API's `getStickerSet` answer with the
    /// files beside it, or a folder as sticker-convert downloads a set (import only).
    case telegram

    /// The plists are only read: the originals are apps, not systems to move
    /// packs into. Misskey's emoji list is only read too: Misskey imports its
    /// export zip (`misskey`), not its list.
    /// Discord and Telegram take stickers one by one, uploaded through their
    /// APIs or apps, not as a file: there is no format to write for them.
    public var canExport: Bool {
        switch self {
        case .ppsticker, .lxweibo, .misskeyAPI, .discord, .telegram: false
        case .mastodon, .mastodonAPI, .misskey, .pleroma, .matrix, .slack: true
        }
    }

    /// Whether an import can fetch the source from an instance by its URL
    /// (`https://host/api/v1/custom_emojis`, `https://host/api/emojis`),
    /// and the pictures it names.
    public var canFetch: Bool { self == .mastodonAPI || self == .misskeyAPI }

    /// Whether the source is a JSON document with its images in a folder
    /// beside it (`--images DIR`), rather than one archive.
    public var isDocumentWithImageFolder: Bool {
        switch self {
        case .mastodonAPI, .misskeyAPI, .matrix, .slack, .discord, .telegram: true
        case .ppsticker, .lxweibo, .mastodon, .misskey, .pleroma: false
        }
    }

    /// Whether an export holds one pack (choose it with `--pack`) rather than
    /// all the packs of the folder.
    public var holdsOnePack: Bool { self == .pleroma || self == .matrix }

}

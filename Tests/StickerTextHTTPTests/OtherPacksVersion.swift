import StickerText
import StickerTextHTTP

/// A handler over the default packs with one title changed: the same
/// stickers, so the same answers to most requests, but another version of
/// the packs, as after a pack reload. The ETag tests use it to show that a
/// reload changes every tag derived from the packs.
func handlerOverAnotherPacksVersion() throws -> APIHandler {
    var packs = StickerCatalog.default.packs
    packs[0].title.en = "Weibo"
    return APIHandler(catalog: try StickerCatalog(packs: packs))
}

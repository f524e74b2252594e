import Foundation
import StickerText
import StickerTextTestSupport
import Testing

struct RenderTests {
    let smile =
        #"<img class="sticker" src="/stickers/weibo/smile.png" srcset="/stickers/weibo/smile@2x.png 2x, /stickers/weibo/smile@3x.png 3x" width="20" height="20" alt="[微笑]" title="微笑" aria-label="微笑" draggable="false">"#

    @Test func stickerAndEscapedText() throws {
        #expect(try render("hi [微笑] <b>") == "hi \(smile) &lt;b&gt;")
    }

    @Test func everySpecialByteIsEscapedOnce() throws {
        #expect(try render(#"<a href="x">&amp;'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;amp;&#39;&lt;/a&gt;")
    }

    @Test func innermostBracketPairWins() throws {
        #expect(try render("[[微笑]") == "[\(smile)")
        #expect(try render("[abc [微笑]") == "[abc \(smile)")
        #expect(try render("[微笑]]") == "\(smile)]")
    }

    @Test func unknownCodesStayText() throws {
        #expect(try render("[没有] [] [微 笑] [微笑") == "[没有] [] [微 笑] [微笑")
    }

    @Test func aCodeNeverSpansALineBreak() throws {
        #expect(try render("[微\n笑]") == "[微<br>笑]")
        #expect(try render("[\n微笑]") == "[<br>微笑]")
        #expect(try render("[\n[微笑]") == "[<br>\(smile)")
    }

    @Test func lineBreaksAreOptional() throws {
        #expect(try render("a\nb\r\nc") == "a<br>b&#13;<br>c")
        #expect(try render("a\nb", RenderOptions(lineBreaks: false)) == "a\nb")
    }

    @Test func aliasKeepsTheTypedCodeInAlt() throws {
        let html = try render("[smile][微笑][狗頭]")
        #expect(html.contains(#"alt="[smile]" title="smile""#))
        #expect(html.contains(#"alt="[微笑]" title="微笑""#))
        #expect(html.contains(#"alt="[狗頭]""#))
        #expect(textAndAlts(of: html) == "[smile][微笑][狗頭]")
    }

    @Test func ariaLabelIsTheNameInLangWhileAltAndTitleStay() throws {
        // Chinese by default, whatever the script of the code; title still follows the code.
        let zh = try render("[smile][狗頭]")
        #expect(zh.contains(#"alt="[smile]" title="smile" aria-label="微笑" draggable="false">"#))
        #expect(zh.contains(#"alt="[狗頭]" title="狗头" aria-label="狗头" draggable="false">"#))
        #expect(try render("[smile][狗頭]", RenderOptions(lang: .zh)) == zh)
        let en = try render("[smile][狗頭]", RenderOptions(lang: .en))
        #expect(en.contains(#"alt="[smile]" title="smile" aria-label="smile" draggable="false">"#))
        #expect(en.contains(#"alt="[狗頭]" title="狗头" aria-label="doge" draggable="false">"#))
        #expect(textAndAlts(of: en) == "[smile][狗頭]")
    }

    /// No default pack has a name that needs escaping, so a pack of its own:
    /// each name is escaped exactly once, in both languages, like every attribute.
    @Test func ariaLabelIsEscapedOnce() throws {
        let image = StickerImage(x1: "a.png", x2: "a@2x.png", x3: "a@3x.png", width: 32, height: 32)
        let sticker = Sticker(
            tag: "[q]", aliases: ["[引]"], name: LocalizedName(zh: #"<引"号">&amp;"#, en: "it's <b>&"), image: image)
        let catalog = try StickerCatalog(packs: [
            StickerPack(
                id: "p", title: LocalizedName(zh: "p", en: "p"), cover: "[q]",
                kind: .image, stickers: [sticker])
        ])
        let zh = try HTMLRenderer(catalog: catalog).render("[q][引]")
        #expect(
            zh
                == #"<img class="sticker" src="/stickers/p/a.png" srcset="/stickers/p/a@2x.png 2x, /stickers/p/a@3x.png 3x" width="20" height="20" alt="[q]" title="it&#39;s &lt;b&gt;&amp;" aria-label="&lt;引&quot;号&quot;&gt;&amp;amp;" draggable="false">"#
                + #"<img class="sticker" src="/stickers/p/a.png" srcset="/stickers/p/a@2x.png 2x, /stickers/p/a@3x.png 3x" width="20" height="20" alt="[引]" title="&lt;引&quot;号&quot;&gt;&amp;amp;" aria-label="&lt;引&quot;号&quot;&gt;&amp;amp;" draggable="false">"#
        )
        let en = try HTMLRenderer(catalog: catalog, options: RenderOptions(lang: .en)).render("[q]")
        #expect(en.contains(#" aria-label="it&#39;s &lt;b&gt;&amp;" draggable="false">"#))
    }

    @Test func absoluteBaseURLSizeAndClass() throws {
        let html = try render(
            "[doge]", RenderOptions(baseURL: "https://cdn.example.com/st", size: 32, className: "emo big"))
        #expect(
            html.hasPrefix(
                #"<img class="emo big" src="https://cdn.example.com/st/stickers/animals/doge.png" srcset="https://cdn.example.com/st/stickers/animals/doge@2x.png 2x, https://cdn.example.com/st/stickers/animals/doge@3x.png 3x" width="32" height="32""#
            ))
    }

    @Test(arguments: ["javascript:alert(1)", "//evil.example", "data:x", "https://x/\"onerror=\"", "/a b"])
    func unsafeBaseURLsAreRefused(_ url: String) {
        #expect(throws: InputError.self) { try render("[微笑]", RenderOptions(baseURL: url)) }
    }

    @Test func unsafeClassNamesAndSizesAreRefused() {
        #expect(throws: InputError.self) { try render("x", RenderOptions(className: "a\" onload=\"x")) }
        #expect(throws: InputError.self) { try render("x", RenderOptions(size: 0)) }
    }

    @Test func emojiCanBeWrapped() throws {
        let html = try render("a👍🏽b#1é🇨🇳", RenderOptions(wrapEmoji: true))
        #expect(html == #"a<span class="emoji">👍🏽</span>b#1é<span class="emoji">🇨🇳</span>"#)
        #expect(try render("a👍🏽", RenderOptions(wrapEmoji: false)) == "a👍🏽")
    }

    @Test func invalidUTF8IsAnError() throws {
        let renderer = try HTMLRenderer()
        #expect(throws: InputError.invalidUTF8(offset: 2)) {
            try renderer.render(utf8: [0x61, 0x62, 0xFF, 0x63])
        }
        // A truncated 中:
        #expect(throws: InputError.invalidUTF8(offset: 1)) { try renderer.render(utf8: [0x61, 0xE4, 0xB8]) }
        #expect(try renderer.render(utf8: Array("中[微笑]".utf8)) == "中\(smile)")
    }

    @Test func nulIsRefusedNotAltered() {
        #expect(throws: InputError.nulCharacter(offset: 1)) { try render("a\u{0}b") }
    }

    @Test func stickerImagesAreNotDraggableAndAreOneLineHigh() throws {
        let html = try render("[心]")
        #expect(html.contains(#"draggable="false""#))
        #expect(html.contains(#"width="20" height="20""#))
    }

    @Test func copyingRenderedHTMLGivesTheTextBack() throws {
        let text = "笑死我了[笑哭]\n<&>\"' [[哈哈] [abc [拜拜]] 👨‍👩‍👧‍👦\r\n[bye]"
        #expect(textAndAlts(of: try render(text)) == text)
        #expect(textAndAlts(of: try render(text, RenderOptions(wrapEmoji: true))) == text)
    }
}

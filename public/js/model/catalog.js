// Owns: the sticker catalog as the text model sees it: every code (canonical
// tag or alias) and the sticker it names, built from the packs document of
// GET /api/packs. Codes are unique across packs; the first one wins, as in
// the Swift core's StickerCatalog.

/** One code and the sticker it names. */
class CatalogEntry {
  constructor(code, pack, sticker, canonical, index) {
    this.code = code;
    this.pack = pack;
    this.sticker = sticker;
    this.canonical = canonical;
    /** Its place in the catalog's `entries`. */
    this.index = index;
  }

  /** The sticker's canonical tag. */
  get tag() {
    return this.sticker.tag ?? this.code;
  }

  /** Its title as the server renders it: the English name for an ASCII code ([doge]), else the Chinese. */
  get title() {
    return /^\p{ASCII}*$/u.test(this.code) ? this.sticker.name.en : this.sticker.name.zh;
  }
}

/** A code's own syntax: `[` + content without brackets or line breaks + `]`
 *  (the service validated the packs; this only keeps malformed input out). */
const codeSyntax = /^\[[^[\]\p{Cc}\u2028\u2029]+\]$/u;

export class Catalog {
  /** `document`: `{packs: [{id, stickers: [{tag?, aliases?, emoji?, name, image?}]}]}`, in pack order. */
  constructor(document) {
    this.packs = document.packs;
    /** Content between the brackets → entry. */
    this.byContent = new Map();
    /** Every entry, in the order they were made: a scan keeps an entry as its index here. */
    this.entries = [];
    /** The longest content in UTF-16 units: longer brackets are never looked up. */
    this.maxContentLength = 0;
    for (const pack of this.packs) {
      for (const sticker of pack.stickers) {
        const codes = [...(sticker.tag ? [sticker.tag] : []), ...(sticker.aliases ?? [])];
        codes.forEach((code, index) => {
          if (!codeSyntax.test(code)) return;
          const content = code.slice(1, -1);
          if (this.byContent.has(content)) return;
          const entry = new CatalogEntry(code, pack.id, sticker, index === 0, this.entries.length);
          this.entries.push(entry);
          this.byContent.set(content, entry);
          this.maxContentLength = Math.max(this.maxContentLength, content.length);
        });
      }
    }
  }

  /** The entry a whole code (with brackets) names, or undefined. */
  entry(code) {
    if (typeof code !== 'string' || code.length < 3 || code[0] !== '[' || code[code.length - 1] !== ']')
      return undefined;
    return this.byContent.get(code.slice(1, -1));
  }

  /** The entry for the content between two brackets, or undefined. */
  entryForContent(content) {
    return this.byContent.get(content);
  }
}

// Owns: THE sticker-code rule on the JS side, the mirror of the Swift core's
// StickerScanner. For each `]`, the nearest `[` before it on the same line
// opens the candidate, so the innermost bracket pair wins (`[[微笑]` and
// `[abc [哈哈]` both hold a sticker); a code never spans a line break; the
// content must be a known tag or alias.

const OPEN = 0x5b,
  CLOSE = 0x5d,
  LF = 0x0a,
  CR = 0x0d;

/** The stickers of `text`, in order: `[{start, end, entry}]` as UTF-16 indices (`end` after the `]`). */
export function scanCodes(text, catalog) {
  const spans = [];
  const reach = catalog.maxContentLength;
  let from = 0;
  for (let close = text.indexOf(']', from); close >= 0; close = text.indexOf(']', from)) {
    // Past `reach` a content is longer than every code: nothing to look up.
    const limit = Math.max(0, close - 1 - reach);
    for (let j = close - 1; j >= limit; j--) {
      const u = text.charCodeAt(j);
      if (u === OPEN) {
        const entry = catalog.entryForContent(text.slice(j + 1, close));
        if (entry) spans.push({ start: j, end: close + 1, entry });
        break;
      }
      if (u === CLOSE || u === LF || u === CR) break;
    }
    from = close + 1;
  }
  return spans;
}

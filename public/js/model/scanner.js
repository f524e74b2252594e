// Owns: THE sticker-code rule on the JS side, the mirror of the Swift core's
// StickerScanner. For each `]`, the nearest `[` before it on the same line
// opens the candidate, so the innermost bracket pair wins (`[[微笑]` and
// `[abc [哈哈]` both hold a sticker); a code never spans a line break; the
// content must be a known tag or alias.

import { IntList } from './int-list.js';

const OPEN = 0x5b,
  CLOSE = 0x5d,
  LF = 0x0a,
  CR = 0x0d;

/** The stickers of `text`, in order, as `CodeSpans`. */
export function scanCodes(text, catalog) {
  const starts = new IntList(),
    ends = new IntList(),
    entries = new IntList();
  const reach = catalog.maxContentLength;
  let from = 0;
  for (let close = text.indexOf(']', from); close >= 0; close = text.indexOf(']', from)) {
    // Past `reach` a content is longer than every code: nothing to look up.
    const limit = Math.max(0, close - 1 - reach);
    for (let j = close - 1; j >= limit; j--) {
      const u = text.charCodeAt(j);
      if (u === OPEN) {
        const entry = catalog.entryForContent(text.slice(j + 1, close));
        if (entry) {
          starts.push(j);
          ends.push(close + 1);
          entries.push(entry.index);
        }
        break;
      }
      if (u === CLOSE || u === LF || u === CR) break;
    }
    from = close + 1;
  }
  return new CodeSpans(catalog, starts.trimmed(), ends.trimmed(), entries.trimmed());
}

/** The stickers of a text: sticker `i` is `text[starts[i]..<ends[i]]` (UTF-16
 *  indices, `end` after the `]`), naming `entry(i)`. Three numbers a sticker,
 *  in typed arrays: an object per sticker took 56 bytes, and a text of short
 *  codes has one every few bytes. */
export class CodeSpans {
  constructor(catalog, starts, ends, entryIndices) {
    this.catalog = catalog;
    this.starts = starts;
    this.ends = ends;
    this.entryIndices = entryIndices;
  }

  get length() {
    return this.starts.length;
  }

  /** The catalog entry sticker `i` names. */
  entry(i) {
    return this.catalog.entries[this.entryIndices[i]];
  }

  /** Sticker `i` as `{start, end, entry}`. */
  at(i) {
    return { start: this.starts[i], end: this.ends[i], entry: this.entry(i) };
  }

  /** Each sticker as `at` gives it, in order (the embed's loop over a text's stickers). */
  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

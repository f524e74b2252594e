// stored-list.js owns how the panel's own lists (Recent, Favorites) sit in
// localStorage: a JSON array of catalog items, each kept by what the panel
// needs to show and insert it again, one entry per item (an emoji whatever its
// tone), read afresh each time (another tab may have changed it), an
// unreadable or disabled store read as empty.

import { baseKey } from './skin-tones.js';
import { readJSON, store } from '../shared/storage.js';

/** A catalog item's identity: a sticker's tag, an emoji whatever its skin tone. */
export const keyOf = (item) => item.tag || baseKey(item.emoji);

export function storedList(key) {
  return {
    /** The entries, the first of each item only (an earlier version kept 👍 and 👍🏽 apart). */
    read() {
      const items = readJSON(key);
      if (!Array.isArray(items)) return [];
      const seen = new Set();
      return items.filter(
        (item) => item && (item.tag || item.emoji) && !seen.has(keyOf(item)) && seen.add(keyOf(item)),
      );
    },
    write: (items) => store(key, items.length ? items : null),
    entry: (item) => ({ tag: item.tag, emoji: item.emoji, name: item.name, image: item.image }),
  };
}

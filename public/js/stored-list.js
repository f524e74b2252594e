// stored-list.js owns how the panel's own lists (Recent, Favorites) sit in
// localStorage: a JSON array of catalog items, each kept by what the panel
// needs to show and insert it again, read afresh each time (another tab may
// have changed it), an unreadable or disabled store read as empty.

/** A catalog item's identity: a sticker's tag, an emoji itself. */
export const keyOf = (item) => item.tag || item.emoji;

export function storedList(key) {
  return {
    read() {
      try { const v = JSON.parse(localStorage.getItem(key)); return Array.isArray(v) ? v : []; } catch { return []; }
    },
    write(items) {
      try {
        if (items.length) localStorage.setItem(key, JSON.stringify(items));
        else localStorage.removeItem(key);
      } catch { /* storage full or disabled: the list is not kept */ }
    },
    entry: (item) => ({ tag: item.tag, emoji: item.emoji, name: item.name, image: item.image }),
  };
}

// storage.js owns what the page keeps in localStorage: the table of its keys,
// and reading and writing them. What is kept is a convenience, never needed:
// a store that is disabled or full, or a value that does not parse, reads as
// nothing and keeps nothing. (The outbox is in IndexedDB: outbox.js says why.)

export const KEYS = Object.freeze({
  language: 'stickertext.lang', // 'zh' or 'en'
  theme: 'stickertext.theme', // 'dark' or 'light'
  enter: 'stickertext.enter', // 'send' or 'newline'
  draft: 'stickertext.draft', // {text, plainSelection}
  recents: 'stickertext.recents', // [item], most recent first
  favorites: 'stickertext.favorites', // [item], in the user's order
  tones: 'stickertext.tones', // {emoji: tone}
});

/** The string kept under `key`, or null. */
export function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The value kept under `key` as JSON, or null. */
export function readJSON(key) {
  try {
    return JSON.parse(readText(key));
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (a string as it is, else as JSON); null takes the key out. */
export function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // full or disabled: it applies now, not kept
  }
}

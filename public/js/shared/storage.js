// storage.js owns what the page keeps in localStorage (and sessionStorage):
// the table of its keys, and reading and writing them. What is kept is a
// convenience, never needed:
// a store that is disabled or full, or a value that does not parse, reads as
// nothing and keeps nothing. (The outbox is in IndexedDB: outbox.js says why.)

export const KEYS = Object.freeze({
  language: 'stickertext.lang', // 'zh' or 'en'
  theme: 'stickertext.theme', // 'dark' or 'light'
  enter: 'stickertext.enter', // 'send' or 'newline'
  draft: 'stickertext.draft', // {text, plainSelection}: the tab's (session), the last written (local)
  recents: 'stickertext.recents', // [item], most recent first
  favorites: 'stickertext.favorites', // [item], in the user's order
  tones: 'stickertext.tones', // {emoji: tone}
  sending: 'stickertext.sending', // [{id, text, at}]: messages Send took, until the outbox has them (outbox.js)
});

const areas = { local: () => localStorage, session: () => sessionStorage };

/** The string kept under `key` (in `area`: 'local' or 'session'), or null. */
export function readText(key, area = 'local') {
  try {
    return areas[area]().getItem(key);
  } catch {
    return null;
  }
}

/** The value kept under `key` (in `area`) as JSON, or null. */
export function readJSON(key, area = 'local') {
  try {
    return JSON.parse(readText(key, area));
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` in `area` (a string as it is, else as JSON); null takes the key out. */
export function store(key, value, area = 'local') {
  try {
    if (value === null) areas[area]().removeItem(key);
    else areas[area]().setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // full or disabled: it applies now, not kept
  }
}

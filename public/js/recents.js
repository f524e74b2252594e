// recents.js owns the Recent tab's list in localStorage: most recent first,
// no duplicates (a sticker by its tag, an emoji by itself), at most 20.

const RECENT_KEY = 'stickertext.recents', RECENT_MAX = 20;

export function recents() {
  try { return JSON.parse(localStorage.getItem(RECENT_KEY)) || []; } catch { return []; }
}

export function remember(item) {
  const key = item.tag || item.emoji;
  const list = [item, ...recents().filter((r) => (r.tag || r.emoji) !== key)].slice(0, RECENT_MAX);
  localStorage.setItem(RECENT_KEY, JSON.stringify(list));
}

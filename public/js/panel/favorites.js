// favorites.js owns the Favorites tab's list (收藏) in localStorage: in the
// order the user gave it (added at the end, moved one place at a time), no
// duplicates (a sticker by its tag, an emoji by itself).

import { storedList, keyOf } from './stored-list.js';
import { KEYS } from '../shared/storage.js';

const list = storedList(KEYS.favorites);

export const favorites = list.read;

export const isFavorite = (item) => list.read().some((favorite) => keyOf(favorite) === keyOf(item));

/** Adds `item` at the end, or takes it out; returns whether it is a favorite now. */
export function toggleFavorite(item) {
  const items = list.read();
  const kept = items.filter((favorite) => keyOf(favorite) !== keyOf(item));
  const adding = kept.length === items.length;
  list.write(adding ? [...kept, list.entry(item)] : kept);
  return adding;
}

/** Moves `item` one place earlier (by -1) or later (by 1); false when it cannot move. */
export function moveFavorite(item, by) {
  const items = list.read();
  const i = items.findIndex((favorite) => keyOf(favorite) === keyOf(item)),
    j = i + by;
  if (i < 0 || j < 0 || j >= items.length) return false;
  [items[i], items[j]] = [items[j], items[i]];
  list.write(items);
  return true;
}

// recents.js owns the Recent tab's list in localStorage: most recent first,
// no duplicates (a sticker by its tag, an emoji by itself), at most 20, and
// emptied on request.

import { storedList, keyOf } from './stored-list.js';
import { KEYS } from '../shared/storage.js';

const RECENT_MAX = 20;
const list = storedList(KEYS.recents);

export const recents = list.read;

export function remember(item) {
  list.write([list.entry(item), ...list.read().filter((entry) => keyOf(entry) !== keyOf(item))].slice(0, RECENT_MAX));
}

export const clearRecents = () => list.write([]);

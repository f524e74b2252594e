// inserting.js owns what inserting an item of the catalog (from the grid, the
// search or a suggestion) does besides the edit: the item becomes the most
// recent, and an emoji that takes a skin tone goes in with the tone last
// chosen for it. Only the keyboard, the search and the autocomplete insert
// items, so main.js loads this with them, out of startup.

import { toned } from './skin-tones.js';
import { remember } from './recents.js';

/** The insert for `edit` (editor.js's): replaces `range` (a suggestion's
 *  `[query`) with the chosen item when given, else the editor's selection. */
export function inserterFor(edit) {
  return (chosen, range) => {
    const item = chosen.emoji ? { ...chosen, emoji: toned(chosen.emoji) } : chosen;
    remember(item);
    const where = range ? { selection: range } : {};
    return item.tag ? edit('insertSticker', { tag: item.tag, ...where }) : edit('insert', { string: item.emoji, ...where });
  };
}

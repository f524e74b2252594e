// inserting.js owns what inserting an item of the catalog (from the grid, the
// search or a suggestion) does besides the edit: the item becomes the most
// recent (one entry per emoji, whatever its tone), an emoji that takes a skin
// tone goes in with the tone last chosen for it, and a toned emoji inserted as
// it is (the pack's 👍🏽) makes its tone the one chosen. Only the keyboard, the
// search and the autocomplete insert items, so main.js loads this with them,
// out of startup.

import { toned, keepToneOf } from './skin-tones.js';
import { remember } from './recents.js';

/** The insert for `edit` (editor.js's): replaces `range` (a suggestion's
 *  `[query`) with the chosen item when given, else the editor's selection. */
export function inserterFor(edit) {
  return (chosen, range) => {
    if (chosen.emoji) keepToneOf(chosen.emoji);
    const item = chosen.emoji ? { ...chosen, emoji: toned(chosen.emoji) } : chosen;
    remember(chosen); // as the catalog has it: Recent shows it with the tone chosen last
    const where = range ? { selection: range } : {};
    return item.tag
      ? edit('insertSticker', { tag: item.tag, ...where })
      : edit('insert', { string: item.emoji, ...where });
  };
}

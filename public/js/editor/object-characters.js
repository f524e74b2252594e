// object-characters.js owns giving back the stickers a keyboard wrote as object characters. To an
// on-screen keyboard a sticker (an <img>) is one object character, U+FFFC; one that composes a range
// again (Gboard re-opens the word before the caret) writes that character back where the sticker
// was. Read as text, the sticker would become an invisible character. Pure: it runs in node. Loaded
// after startup with the editing modules (editor.js's loadEditing); before, the field is read as it is.

import { changeBetween } from '../model/text-diff.js';

export const OBJECT = '\ufffc';

/**
 * The field's text `field` (its caret `caret`, a UTF-16 offset or null), changed by the browser
 * from `string`'s (a TextBackedString), with each object character of the change the code of the
 * next sticker the change replaced, in order (those past them stay as they came): `[field, caret]`,
 * the caret moved with the text before it. One pass over the change and its stickers.
 */
export function stickersBack(string, field, caret) {
  if (!field.includes(OBJECT)) return [field, caret];
  const { text } = string,
    change = changeBetween(text, field, caret);
  const from = string.snapDown(change.from),
    to = string.snapUp(change.to);
  const { starts, ends } = string.spans;
  let i = string.firstSpanEndingAfter(from),
    atCaret = null; // the caret in the text given back, once the part before it is
  const before = caret === null ? -1 : caret - change.from;
  let inserted = '';
  for (let k = 0; k < change.inserted.length; k++) {
    if (k === before) atCaret = change.from + inserted.length;
    const c = change.inserted[k];
    inserted += c === OBJECT && i < starts.length && ends[i] <= to ? text.slice(starts[i], ends[i++]) : c;
  }
  const back = text.slice(0, change.from) + inserted + text.slice(change.to);
  // A caret before the change stays; one after it moves with the text.
  if (atCaret === null) atCaret = caret === null || caret <= change.from ? caret : caret + back.length - field.length;
  return [back, atCaret];
}

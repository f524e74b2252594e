// word-range.js owns what a word deletion (Ctrl+Backspace and Ctrl+Delete,
// Option+Backspace on a Mac: beforeinput deleteWordBackward/Forward) takes,
// the same in every engine: the spaces next to the caret, then one word-ish
// stretch beside them. The engines' own rules differ (a sticker's <img> and
// the word before it went together in WebKit), so the page deletes by this
// rule, over the model's whole units, and the server sees a plain deletion.
//
// A stretch is a sticker or an emoji on its own; a run of letters, digits
// and marks; a run of CJK ideographs and kana (one run, as a word processor
// without a dictionary takes it); or a run of other symbols. A line break is
// a stretch of its own, taken only when no space was. Pure: it runs in node.

import { forEachCluster } from '../model/graphemes.js';
import { isEmojiCluster } from '../model/emoji.js';

const SPACE = /^[^\S\n\r]+$/u;
const BREAK = /^[\n\r]/u;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]/u;
const WORD = /^[\p{L}\p{N}\p{M}\p{Pc}]/u;

/** The kind of one unit: `alone` stands by itself (a sticker, an emoji). */
function kindOf(text, start, end, sticker) {
  if (sticker || isEmojiCluster(text, start, end)) return 'alone';
  const unit = text.slice(start, end);
  if (BREAK.test(unit)) return 'break';
  if (SPACE.test(unit)) return 'space';
  if (CJK.test(unit)) return 'cjk';
  if (WORD.test(unit)) return 'word';
  return 'symbol';
}

/** Every unit of `string` (a TextBackedString) as `{start, end, kind}`, in order: one pass. */
function unitsOf(string) {
  const units = [];
  string.forEachItem((start, end, span) => {
    if (span) units.push({ start, end, kind: 'alone' });
    else
      forEachCluster(string.text, start, end, (a, b) => {
        units.push({ start: a, end: b, kind: kindOf(string.text, a, b, false) });
      });
  });
  return units;
}

/** What a word deletion from the field's `shown` selection (display units) deletes: the
 *  selection, else the word range from its caret; null when nothing. */
export function wordSelection(string, shown, backward) {
  if (shown.length) return shown;
  const caret = string.positionOfDisplayOffset(shown.location, 'utf16');
  if (caret === null) return null;
  const [start, end] = wordRange(string, string.snapDown(caret), backward);
  return start < end ? string.displayRangeOf([start, end], 'utf16') : null;
}

/** The plain range `[start, end]` that a word deletion from `caret` (a unit boundary) takes,
 *  `backward` or forward; empty at the text's edge. */
export function wordRange(string, caret, backward) {
  const units = unitsOf(string);
  const step = backward ? -1 : 1;
  // The first unit in the direction of the deletion.
  let i = backward ? units.findLastIndex((u) => u.end <= caret) : units.findIndex((u) => u.start >= caret);
  const inside = (k) => k >= 0 && k < units.length;
  let spaced = false;
  while (inside(i) && units[i].kind === 'space') {
    i += step;
    spaced = true;
  }
  if (inside(i)) {
    const kind = units[i].kind;
    if (kind === 'alone') i += step;
    else if (kind === 'break') i += spaced ? 0 : step;
    else while (inside(i) && units[i].kind === kind) i += step;
  }
  const edge = i - step; // the last unit taken, or the caret's neighbour when none was
  if (backward) return [inside(edge) && edge >= 0 && units[edge].end <= caret ? units[edge].start : caret, caret];
  return [caret, inside(edge) && units[edge].start >= caret ? units[edge].end : caret];
}

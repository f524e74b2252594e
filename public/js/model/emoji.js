// Owns: whether a grapheme cluster is an emoji, the mirror of the Swift
// core's EmojiClassifier.
//
// A cluster is an emoji when it shows as one: any scalar with default emoji
// presentation (😀, regional indicators, 🏴 tag sequences), an emoji
// modifier (skin tone), or an emoji character made emoji-style by U+FE0F or
// a keycap U+20E3. `#`, digits and `©` without U+FE0F are text. The
// properties are Unicode 18.0's (grapheme-break-table.js, generated from
// emoji-data.txt), the server's too: not the engine's `\p{Emoji}`, whose
// Unicode version is each browser's.

import { EMOJI_KIND_BITS, EmojiKind, emojiRuns } from './grapheme-break-table.js';
import { runValue } from './packed-runs.js';

/** Below this no scalar is shown as emoji alone (U+231A WATCH is the first). */
const FIRST_SHOWN = 0x231a;

/** How `c` shows as emoji (an `EmojiKind`): a binary search of the runs. */
export const emojiKindOf = (c) => runValue(emojiRuns, EMOJI_KIND_BITS, c);

/** Whether `s[start..<end]`, one grapheme cluster, is an emoji. */
export function isEmojiCluster(s, start, end) {
  let first = -1;
  for (let i = start; i < end; ) {
    const c = s.codePointAt(i);
    if (first < 0) first = c;
    if (c >= FIRST_SHOWN && emojiKindOf(c) === EmojiKind.emoji) return true;
    if ((c === 0xfe0f || c === 0x20e3) && emojiKindOf(first) !== EmojiKind.none) return true;
    i += c > 0xffff ? 2 : 1;
  }
  return false;
}

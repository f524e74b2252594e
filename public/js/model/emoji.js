// Owns: whether a grapheme cluster is an emoji, from Unicode properties, the
// mirror of the Swift core's EmojiClassifier.
//
// A cluster is an emoji when it shows as one: any scalar with default emoji
// presentation (😀, regional indicators, 🏴 tag sequences), an emoji
// modifier (skin tone), or an emoji character made emoji-style by U+FE0F or
// a keycap U+20E3. `#`, digits and `©` without U+FE0F are text.

const presentation = /^\p{Emoji_Presentation}$/u;
const modifier = /^\p{Emoji_Modifier}$/u;
const emojiProperty = /^\p{Emoji}$/u;

const isEmojiPresentation = (c) => presentation.test(String.fromCodePoint(c));
const isEmojiModifier = (c) => modifier.test(String.fromCodePoint(c));

/** Per-scalar answers, cached: the properties never change. */
const cache = new Map();
function shows(c) {
  let known = cache.get(c);
  if (known === undefined) {
    known = isEmojiPresentation(c) || isEmojiModifier(c);
    cache.set(c, known);
  }
  return known;
}

/** Whether `s[start..<end]`, one grapheme cluster, is an emoji. */
export function isEmojiCluster(s, start, end) {
  let first = -1;
  for (let i = start; i < end; ) {
    const c = s.codePointAt(i);
    if (first < 0) first = c;
    if (shows(c)) return true;
    if ((c === 0xfe0f || c === 0x20e3) && emojiProperty.test(String.fromCodePoint(first))) return true;
    i += c > 0xffff ? 2 : 1;
  }
  return false;
}

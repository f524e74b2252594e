// skin-tones.js owns skin tones: which emoji take one (Unicode's
// Emoji_Modifier_Base, the first scalar of the emoji, which carries no tone
// yet), the toned sequence (the modifier right after that scalar, in place of
// a U+FE0F presentation selector, so ZWJ sequences keep their rest: 🤷‍♀️ →
// 🤷🏽‍♀️; a sequence of several people, 👨‍👩‍👧‍👦, takes none: one tone for
// the first person alone is no emoji), an emoji's identity whatever its tone
// (baseKey: 👍, 👍🏽 and 👍🏿 are one emoji), and the tone each emoji was last
// given (localStorage, by that identity). Pure apart from the store, so node tests it.

import { KEYS, readJSON, store } from '../shared/storage.js';

export const TONES = Object.freeze(['', '\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}']);
const base = /^\p{Emoji_Modifier_Base}/u,
  modifier = /\p{Emoji_Modifier}/u,
  secondPerson = /\u200D\p{Emoji_Modifier_Base}/u;

/** Whether `emoji` can take a skin tone (and has none yet). */
export const takesTone = (emoji) => base.test(emoji) && !modifier.test(emoji) && !secondPerson.test(emoji);

// What follows an emoji's first scalar when it has a tone (the modifier) or a presentation selector (U+FE0F).
const afterFirst = /^(.)(\p{Emoji_Modifier}|\uFE0F)?/su;

/** The tone `emoji` carries right after its first scalar ('' when none). */
export const toneIn = (emoji) => {
  const tone = emoji.match(afterFirst)?.[2];
  return tone && tone !== '\uFE0F' ? tone : '';
};

/** `emoji`'s identity whatever its tone: without the tone, or the U+FE0F a tone replaces, after its
 *  first scalar. A key, not a form to show: 👍 and 👍🏽 give 👍, ✌️ and ✌🏽 give ✌. */
export const baseKey = (emoji) => emoji.replace(afterFirst, '$1');

/** `emoji` with `tone` (one of TONES; '' is the plain form). */
export function withTone(emoji, tone) {
  if (!tone || !takesTone(emoji)) return emoji;
  const first = String.fromCodePoint(emoji.codePointAt(0));
  const rest = emoji.slice(first.length).replace(/^\uFE0F/, '');
  return first + tone + rest;
}

function stored() {
  const tones = readJSON(KEYS.tones);
  return tones && typeof tones === 'object' ? tones : {};
}

/** The tone last chosen for `emoji` ('' when none); kept by its identity (earlier, by the emoji itself). */
export function toneOf(emoji) {
  const all = stored(),
    tone = all[baseKey(emoji)] ?? all[emoji];
  return TONES.includes(tone) ? tone : '';
}

/** `emoji` as it shows and goes in: with the tone last chosen for it, if it takes one. */
export const toned = (emoji) => withTone(emoji, toneOf(emoji));

/** Remembers `tone` for `emoji` (in any of its forms). */
export function chooseTone(emoji, tone) {
  const all = stored();
  delete all[emoji]; // kept by the emoji itself before: its identity now
  if (tone) all[baseKey(emoji)] = tone;
  else delete all[baseKey(emoji)];
  store(KEYS.tones, all);
}

/** Remembers the tone `emoji` carries, if any, as the one chosen for it (a toned emoji inserted as it is). */
export function keepToneOf(emoji) {
  const tone = toneIn(emoji);
  if (tone && takesTone(baseKey(emoji))) chooseTone(emoji, tone);
}

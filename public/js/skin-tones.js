// skin-tones.js owns skin tones: which emoji take one (Unicode's
// Emoji_Modifier_Base, the first scalar of the emoji, which carries no tone
// yet), the toned sequence (the modifier right after that scalar, in place of
// a U+FE0F presentation selector, so ZWJ sequences keep their rest: 🤷‍♀️ →
// 🤷🏽‍♀️; a sequence of several people, 👨‍👩‍👧‍👦, takes none: one tone for
// the first person alone is no emoji), and the tone each emoji was last given (localStorage). Pure apart
// from the store, so node tests it.

export const TONES = Object.freeze(['', '\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}']);
const KEY = 'stickertext.tones';
const base = /^\p{Emoji_Modifier_Base}/u, modifier = /\p{Emoji_Modifier}/u, secondPerson = /\u200D\p{Emoji_Modifier_Base}/u;

/** Whether `emoji` can take a skin tone (and has none yet). */
export const takesTone = (emoji) => base.test(emoji) && !modifier.test(emoji) && !secondPerson.test(emoji);

/** `emoji` with `tone` (one of TONES; '' is the plain form). */
export function withTone(emoji, tone) {
  if (!tone || !takesTone(emoji)) return emoji;
  const first = String.fromCodePoint(emoji.codePointAt(0));
  const rest = emoji.slice(first.length).replace(/^\uFE0F/, '');
  return first + tone + rest;
}

function stored() {
  try { const v = JSON.parse(localStorage.getItem(KEY)); return v && typeof v === 'object' ? v : {}; } catch { return {}; }
}

/** The tone last chosen for `emoji` ('' when none). */
export function toneOf(emoji) {
  const tone = stored()[emoji];
  return TONES.includes(tone) ? tone : '';
}

/** `emoji` as it shows and goes in: with the tone last chosen for it, if it takes one. */
export const toned = (emoji) => withTone(emoji, toneOf(emoji));

/** Remembers `tone` for `emoji`. */
export function chooseTone(emoji, tone) {
  const all = stored();
  if (tone) all[emoji] = tone; else delete all[emoji];
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* not remembered */ }
}

// The page's skin-tone rule (public/js/panel/skin-tones.js): which emoji take a
// tone and the sequence a tone makes, and that the text model (the Swift
// core's rules) counts and deletes each toned emoji as one grapheme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { takesTone, withTone, toneIn, baseKey, TONES } from '../../public/js/panel/skin-tones.js';
import { edit, count } from '../../public/js/model/index.js';
import { catalog } from './support.mjs';

test('emoji with an Emoji_Modifier_Base first take a tone, others and toned ones do not', () => {
  for (const e of ['👍', '🙏', '✌️', '🤷‍♀️', '🧑‍💻', '👋']) assert.equal(takesTone(e), true, e);
  for (const e of ['😀', '❤️', '🔥', '👍🏽', '👨‍👩‍👧‍👦', '🇨🇳', '#️⃣', 'a', '[微笑]']) assert.equal(takesTone(e), false, e);
});

test('a tone goes right after the base, in place of its U+FE0F, and the plain form is the emoji itself', () => {
  assert.equal(withTone('👍', TONES[3]), '\u{1F44D}\u{1F3FD}');
  assert.equal(withTone('✌️', TONES[1]), '\u270C\u{1F3FB}'); // ✌️ = U+270C U+FE0F
  assert.equal(withTone('🤷‍♀️', TONES[5]), '\u{1F937}\u{1F3FF}\u200D\u2640\uFE0F');
  assert.equal(withTone('👍', ''), '👍');
  assert.equal(withTone('😀', TONES[2]), '😀'); // takes none: unchanged
  assert.deepEqual(
    TONES.slice(1).map((t) => t.codePointAt(0).toString(16)),
    ['1f3fb', '1f3fc', '1f3fd', '1f3fe', '1f3ff'],
  );
});

test('every toned form of every emoji that takes one counts 1 and one backspace deletes it whole', () => {
  for (const e of ['👍', '✌️', '🤷‍♀️', '🧑‍💻', '🙏']) {
    for (const tone of TONES) {
      const text = `a${withTone(e, tone)}`;
      assert.equal(count({ text }, catalog).graphemes, 2, text);
      const r = edit(
        { text, selection: { location: text.length, length: 0 }, unit: 'utf16', op: 'deleteBackward' },
        catalog,
      );
      assert.equal(r.text, 'a', text);
    }
  }
});

test('an emoji has one identity whatever its tone, and its tone is read back', () => {
  for (const e of ['👍', '✌️', '🤷‍♀️', '🙏']) {
    for (const tone of TONES) {
      const form = withTone(e, tone);
      assert.equal(baseKey(form), baseKey(e), form);
      assert.equal(toneIn(form), tone, form);
    }
  }
  assert.equal(baseKey('👍🏽'), '👍');
  for (const e of ['😀', '#️⃣', '👨‍👩‍👧‍👦', '🇨🇳']) assert.equal(toneIn(e), '', e);
  assert.notEqual(baseKey('👍'), baseKey('👎'));
});

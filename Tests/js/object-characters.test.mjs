// A keyboard's object characters (U+FFFC) given back as the stickers they stood for
// (public/js/editor/object-characters.js): the field as the browser left it, read as the
// model's text with the codes of the stickers the change replaced, the caret moved with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextBackedString } from '../../public/js/model/index.js';
import { stickersBack, OBJECT } from '../../public/js/editor/object-characters.js';
import { catalog, lowestCPU, assertLinear } from './support.mjs';

const back = (text, field, caret = field.length) => stickersBack(new TextBackedString(text, catalog), field, caret);

test('an object character where a sticker was is that sticker again, the caret after the same text', () => {
  assert.deepEqual(back('ok [doge]wrd', `ok ${OBJECT}word`), ['ok [doge]word', 13]);
  assert.deepEqual(back('a[微笑]b[doge]c', `a${OBJECT}B${OBJECT}c`, 2), ['a[微笑]B[doge]c', 5]);
});

test('a field with no object character is read as it is', () => {
  assert.deepEqual(back('ok [doge]wrd', 'ok word', 7), ['ok word', 7]);
  assert.deepEqual(back('abc', 'abc', null), ['abc', null]);
});

test('object characters past the stickers the change replaced stay as they came', () => {
  // The change replaced no sticker: a character the keyboard wrote of its own.
  assert.deepEqual(back('ab', `a${OBJECT}b`), [`a${OBJECT}b`, 3]);
  // One sticker replaced, two object characters: the second stays.
  assert.deepEqual(back('x[doge]y', `x${OBJECT}${OBJECT}y`), [`x[doge]${OBJECT}y`, 9]);
  // A sticker outside the change is not taken: the one before it stays where it is.
  assert.deepEqual(back('[doge]ab', `[doge]a${OBJECT}b`), [`[doge]a${OBJECT}b`, 9]);
});

test('the cost is linear in the text', () => {
  const run = (n) => {
    const text = '[doge]a'.repeat(n);
    const field = `${OBJECT}a`.repeat(n);
    return () => back(text, field);
  };
  assertLinear(lowestCPU([run(2000), run(16000)]), 'stickersBack');
});

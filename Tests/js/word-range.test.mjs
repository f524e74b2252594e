// What a word deletion takes (public/js/editor/word-range.js), the same in every
// engine: the spaces beside the caret, then one stretch: a sticker or an
// emoji alone, a run of letters, of CJK, of symbols; a line break alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextBackedString } from '../../public/js/model/index.js';
import { wordRange } from '../../public/js/editor/word-range.js';
import { catalog, lowestCPU, assertLinear } from './support.mjs';

/** The text left after a word deletion at `caret` (the end by default). */
function deleting(text, backward, caret = backward ? text.length : 0) {
  const [start, end] = wordRange(new TextBackedString(text, catalog), caret, backward);
  return text.slice(0, start) + text.slice(end);
}

test('Ctrl+Backspace takes the word before the caret and the spaces after it', () => {
  assert.equal(deleting('hello', true), '');
  assert.equal(deleting('ab cd', true), 'ab ');
  assert.equal(deleting('ab cd  ', true), 'ab ');
  assert.equal(deleting('hello, world', true), 'hello, ');
  assert.equal(deleting('hello,', true), 'hello');
  assert.equal(deleting('', true), '');
});

test('a sticker or an emoji is a word alone', () => {
  assert.equal(deleting('ab cd [doge]', true), 'ab cd ');
  assert.equal(deleting('hi [doge]', true), 'hi ');
  assert.equal(deleting('cd[doge]', true), 'cd');
  assert.equal(deleting('[微笑][doge]', true), '[微笑]');
  assert.equal(deleting('ok 👍🏽👨‍👩‍👧', true), 'ok 👍🏽');
  // A code that is not a sticker is text: its letters and its brackets.
  assert.equal(deleting('hi [nope]', true), 'hi [nope');
});

test('a line break is a stretch of its own, taken only when no space was', () => {
  assert.equal(deleting('ab\ncd', true), 'ab\n');
  assert.equal(deleting('ab\n', true), 'ab');
  assert.equal(deleting('ab\n  ', true), 'ab\n');
});

test('CJK runs and other scripts are runs of their own', () => {
  assert.equal(deleting('hello你好', true), 'hello');
  assert.equal(deleting('你好hello', true), '你好');
  assert.equal(deleting('笑死我了', true), '');
});

test('Ctrl+Delete takes the spaces after the caret and the word after them', () => {
  assert.equal(deleting('hello world', false), ' world');
  assert.equal(deleting('hi [doge xyz]', false, 8), 'hi [doge]');
  assert.equal(deleting('[doge] ok', false), ' ok');
  assert.equal(deleting('ab', false, 2), 'ab');
});

test('the caret in the middle deletes from it, never past the text', () => {
  assert.equal(deleting('ab cd', true, 2), ' cd');
  assert.equal(deleting('ab cd', true, 0), 'ab cd');
  assert.equal(deleting('ab cd', false, 3), 'ab ');
});

test('one pass over the text: 8 times the text costs about 8 times as much', () => {
  // This process's CPU time, the least of five (lowestCPU): wall-clock time on a shared machine
  // measured 35x once. A rescan per unit would be 64x.
  const text = (n) => new TextBackedString('ab '.repeat(n) + 'é'.normalize('NFD').repeat(n), catalog);
  const [small, large] = [text(4000), text(32000)];
  assertLinear(
    lowestCPU([() => wordRange(small, small.text.length, true), () => wordRange(large, large.text.length, true)]),
    'a word deletion at the end of 4,000 and 32,000 words and marks',
  );
});

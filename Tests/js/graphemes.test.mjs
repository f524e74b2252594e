// graphemes.js: the clusters forEachCluster finds (simple scalars and
// letters with diacritics on their own, the rest through the segmenter a
// window at a time) are the clusters Intl.Segmenter finds in the whole string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forEachCluster } from '../../public/js/model/graphemes.js';
import { random } from './random-edits.mjs';

const PIECES = [
  'a',
  'e',
  'A',
  ' ',
  '\n',
  '\r',
  '\t',
  '\x7F',
  '\x85',
  '©',
  'ω',
  '中',
  '가',
  'ア',
  '\u1100',
  '\u1161',
  '\u11A8',
  '\u0301',
  '\u0316',
  '\u034F',
  '\u036F',
  '\u0370',
  '\u0483',
  '\u3099',
  '\u200D',
  '\u200C',
  '\uFE0F',
  '😀',
  '🏽',
  '❤',
  '🇨',
  '🇳',
  '\u0600',
  'क',
  '\u094D',
  '\u0937',
  '\u093F',
  '#',
  '\u20E3',
  '\u{E0067}',
  '\uD800',
  '\uDC00',
  '\uFEFF',
  '\u200B',
  '\u200E',
  '\u2028',
  '\u202E',
  '\u2060',
  '\u2065',
  '\u206F',
  '\uFFF0',
  '\uFFFB',
  '\uFFFC',
];
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

test("clusters found in parts are the segmenter's clusters of the whole", () => {
  for (let seed = 0; seed < 20000; seed++) {
    const r = random(seed);
    let s = '';
    for (let i = r.int(0, 16); i > 0; i--) s += r.pick(PIECES);
    const found = [];
    forEachCluster(s, 0, s.length, (a, b) => {
      found.push(s.slice(a, b));
    });
    assert.deepEqual(
      found,
      Array.from(segmenter.segment(s), (x) => x.segment),
      JSON.stringify(s),
    );
  }
});

// normalization.js: NFC with the marks put in canonical order first gives
// what the normalizer gives alone, for marks of every class (and marks newer
// than the table), in time linear in a run of marks out of order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nfc } from '../../public/js/model/normalization.js';
import { random } from './random-edits.mjs';
import { lowestCPU, assertLinear } from './support.mjs';

const PIECES = [
  'a',
  'e',
  'o',
  'ω',
  '가',
  '\u1100',
  '\u1161',
  '\u11A8',
  ' ',
  '😀',
  '\u0301',
  '\u0316',
  '\u0323',
  '\u0302',
  '\u031B',
  '\u0345',
  '\u0334',
  '\u0308',
  '\u0F71',
  '\u0F72',
  '\u0F74',
  '\u093C',
  '\u05B0',
  '\u0655',
  '\u1AFF',
  '\u{1E4EC}',
  '\u0338',
  '\u034F',
  '\u200D',
  'A\u030A',
];

test('NFC of marks put in canonical order first is NFC', () => {
  for (let seed = 0; seed < 5000; seed++) {
    const r = random(seed);
    let s = '';
    for (let i = r.int(0, 24); i > 0; i--) s += r.pick(PIECES);
    assert.equal(nfc(s), s.normalize('NFC'), JSON.stringify(s));
  }
});

test('a letter with 40,000 marks of two classes out of order is normalized in linear time', () => {
  const marks = (n) => `a${'\u0301\u0316'.repeat(n)}`;
  assert.equal(nfc(marks(20000)), `\u00E1${'\u0316'.repeat(20000)}${'\u0301'.repeat(19999)}`);
  const [small, large] = [marks(2500), marks(20000)];
  assertLinear(lowestCPU([() => nfc(small), () => nfc(large)]), 'a letter with 5,000 and 40,000 marks out of order');
});

test('the weight of a long cluster waits for the linear NFC, and a short one is weighed at once', async () => {
  // This file loads normalization.js itself, but lengths.js only gets it through loadURLs().
  const { TextBackedString, Catalog, counts, parsePolicy, loadURLs } = await import('../../public/js/model/index.js');
  const weighted = (text) => counts(new TextBackedString(text, new Catalog({ packs: [] })), parsePolicy({})).weighted;
  assert.equal(weighted(`e${'\u0301'.repeat(8)}`), 8); // é and 7 marks: NFC composes the first
  const long = `e${'\u0301'.repeat(40)}`;
  assert.equal(weighted(long), null);
  await loadURLs();
  assert.equal(weighted(long), 40);
  assert.equal(weighted(`e${'\u0301\u0316'.repeat(20000)}`), 40000);
});

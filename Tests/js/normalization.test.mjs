// normalization.js and compatibility.js: our own NFC and NFKC (Unicode
// 18.0's data) pass Unicode's NormalizationTest 18.0, agree with node's own
// normalizer on text of older characters (marks of every class, in any
// order), and take time linear in a run of marks out of order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { nfc } from '../../public/js/model/normalization.js';
import { nfkc } from '../../public/js/model/compatibility.js';
import { normalizationConformance } from './normalization-conformance.mjs';
import { random } from './random-edits.mjs';
import { bestCpuMs, ROOT } from './support.mjs';

test('NormalizationTest 18.0 passes whole, NFC and NFKC', () => {
  const file = (name) => readFileSync(join(ROOT, 'Tests', 'unicode', name), 'utf8');
  const result = normalizationConformance(file('NormalizationTest.txt'));
  assert.equal(result.tables, '18.0.0');
  assert.equal(result.official.version, '18.0.0');
  assert.deepEqual(result.official.failures, []);
  assert.equal(result.official.passed, 20171);
  assert.deepEqual(result.othersChanged, []);
});

test('the generated normalization tables and test lines are what the Unicode data makes (tools/generate-normalization-tables.py --check)', () => {
  const run = spawnSync('python3', [join(ROOT, 'tools', 'generate-normalization-tables.py'), '--check'], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test("what Foundation's NFC got wrong beyond U+FFFF and with Hangul LV + T is right here", () => {
  const points = (s) => Array.from(s, (c) => c.codePointAt(0));
  assert.deepEqual(points(nfc('\u{E0067}\u0301')), [0xe0067, 0x301]); // not U+01F5
  assert.deepEqual(points(nfc('\u{10041}\u0301')), [0x10041, 0x301]); // not Á
  assert.equal(nfc('\uAC00\u11A8'), '\uAC01'); // 가 + ᆨ = 각
  assert.equal(nfc('\u1100\u1161\u11A8'), '\uAC01');
  assert.equal(nfc('\u{1138B}\u{113C5}'), '\u{1138E}\u{113C2}'); // Unicode 16: the composite's first half composes
  assert.equal(nfkc('\uFF44\uFF4F\uFF47\uFF45\u3000'), 'doge ');
});

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

test("NFC of old characters, marks of every class in any order, is node's own normalizer's", () => {
  for (let seed = 0; seed < 5000; seed++) {
    const r = random(seed);
    let s = '';
    for (let i = r.int(0, 24); i > 0; i--) s += r.pick(PIECES);
    assert.equal(nfc(s), s.normalize('NFC'), JSON.stringify(s));
  }
});

test('a letter with 40,000 marks of two classes out of order is put in order and composed', () => {
  assert.equal(nfc(`a${'\u0301\u0316'.repeat(20000)}`), `\u00E1${'\u0316'.repeat(20000)}${'\u0301'.repeat(19999)}`);
});

/** The shapes that cost most: marks of two classes out of order, a run of one mark (each blocked by
 *  the one before), Hangul jamo that compose, letters that each compose with a mark. */
const ADVERSARIAL = {
  'marks of two classes out of order': '\u0301\u0316',
  'a run of one mark': '\u0301',
  'Hangul jamo L V T': '\u1100\u1161\u11A8',
  'letters that each compose with a mark': 'a\u0301',
};

for (const [name, piece] of Object.entries(ADVERSARIAL)) {
  for (const [form, normalize] of Object.entries({ NFC: nfc, NFKC: nfkc })) {
    test(`${form} of a letter and ${name} costs 8 times as much for 8 times the text, not 64`, () => {
      const ms = (n) => {
        const s = `a${piece.repeat(n)}`;
        return bestCpuMs(() => assert.ok(normalize(s).length > 0));
      };
      const small = ms(1 << 14);
      const large = ms(1 << 17);
      assert.ok(
        large / small < 24,
        `${small.toFixed(2)} ms, then ${large.toFixed(2)} ms: ${(large / small).toFixed(1)}x`,
      );
    });
  }
}

test('the weight of a cluster NFC may change waits for NFC, and simple text and emoji are weighed at once', async () => {
  // This file loads normalization.js itself, but lengths.js only gets it through loadURLs().
  const { TextBackedString, Catalog, counts, parsePolicy, loadURLs } = await import('../../public/js/model/index.js');
  const weighted = (text) => counts(new TextBackedString(text, new Catalog({ packs: [] })), parsePolicy({})).weighted;
  assert.equal(weighted('abc 中文 😀 #️⃣'), 14);
  assert.equal(weighted(`e${'\u0301'.repeat(8)}`), null);
  await loadURLs();
  assert.equal(weighted(`e${'\u0301'.repeat(8)}`), 8); // é and 7 marks: NFC composes the first
  assert.equal(weighted(`e${'\u0301'.repeat(40)}`), 40);
  assert.equal(weighted(`e${'\u0301\u0316'.repeat(20000)}`), 40000);
  assert.equal(weighted('\u{E0067}\u0301'), 3); // as the server weighs it
});

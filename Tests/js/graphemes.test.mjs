// graphemes.js: Unicode's own tests (GraphemeBreakTest.txt 18.0: 853 cases;
// emoji-test.txt 17.0, the newest a registry here has: every fully-qualified
// emoji one cluster), the clusters
// forEachCluster finds (simple scalars on their own, the rest by the rules a
// chunk at a time) against the rules run over the whole string, and the
// generated tables against the Unicode data they come from; the emoji rule's
// answer for every line of emoji-test.txt, the same as the Swift core's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { classOf, GraphemeBreakRules } from '../../public/js/model/grapheme-break-rules.js';
import { UNICODE_VERSION } from '../../public/js/model/grapheme-break-table.js';
import { clusters, graphemeBreakTest, emojiTest, emojiClassification, emojiIn } from './grapheme-conformance.mjs';
import { forEachCluster, boundaryAtOrBefore } from '../../public/js/model/graphemes.js';
import { random } from './random-edits.mjs';
import { bestCpuMs, ROOT } from './support.mjs';

const unicodeFile = (name) => readFileSync(join(ROOT, 'Tests', 'unicode', name), 'utf8');

test("every case of Unicode's GraphemeBreakTest 18.0 is cut as it says", () => {
  const result = graphemeBreakTest(unicodeFile('GraphemeBreakTest.txt'));
  assert.equal(result.version, UNICODE_VERSION);
  assert.equal(UNICODE_VERSION, '18.0.0');
  assert.deepEqual(result.failures, []);
  assert.equal(result.passed, 853);
});

test('a virama joins the consonant after it with no consonant before it (GB9c since 18.0), and a Vedic linker too', () => {
  assert.deepEqual(clusters('\u094D\u0915'), ['\u094D\u0915']);
  assert.deepEqual(clusters('a\u094D\u0308\u0915'), ['a\u094D\u0308\u0915']);
  assert.deepEqual(clusters('\u1CF5\u0915\u1CF6\u200D\u0924'), ['\u1CF5\u0915', '\u1CF6\u200D\u0924']);
  assert.deepEqual(clusters('\u094D\u0061\u0915'), ['\u094D', 'a', '\u0915']);
});

// emoji-test.txt is behind the tables: no registry here has 18.0's (tools/unicode_sources.py's EMOJI_TEST_VERSION).
test("every fully-qualified emoji of Unicode's emoji-test 17.0 is one cluster", () => {
  const result = emojiTest(unicodeFile('emoji-test.txt'));
  assert.equal(result.version, '17.0');
  assert.deepEqual(result.failures, []);
  assert.equal(result.passed, 3944);
});

test('every line of emoji-test 17.0 is classified as the Swift core classifies it, its newest emoji too', (t) => {
  const result = emojiClassification(unicodeFile('emoji-test.txt'));
  assert.deepEqual(result.failures, []);
  assert.equal(result.lines, 5225);
  assert.equal(result.newest, 163);
  const cli = process.env.STICKERTEXT_CLI;
  if (!cli) return t.skip('STICKERTEXT_CLI is not set (make test sets it)');
  const texts = unicodeFile('emoji-test.txt')
    .split('\n')
    .filter((line) => !line.startsWith('#') && line.includes(';'))
    .map((line) =>
      String.fromCodePoint(
        ...line
          .split(';')[0]
          .trim()
          .split(/\s+/)
          .map((c) => Number.parseInt(c, 16)),
      ),
    );
  const input = texts.map((text) => JSON.stringify({ text })).join('\n');
  const run = spawnSync(cli, ['count', '--jsonl'], { input, maxBuffer: 64 << 20 });
  assert.equal(run.status, 0, String(run.stderr));
  const swift = String(run.stdout)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).emoji.map((found) => found.emoji));
  assert.deepEqual(swift, result.answers);
});

test("Unicode 18.0's new emoji are emoji, with a skin tone too (emoji-data.txt 18.0, as the Swift core has them)", () => {
  const added = ['\u{1F6D9}', '\u{1FA8B}', '\u{1FA8C}', '\u{1FA8D}', '\u{1FACC}', '\u{1FADD}', '\u{1FAEB}'];
  for (const emoji of [...added, '\u{1FAF9}', '\u{1FAFA}', '\u{1FAF9}\u{1F3FB}', '\u{1FAFA}\u{1F3FF}']) {
    assert.deepEqual(emojiIn(emoji), [emoji], emoji);
  }
});

const PIECES = [
  'a',
  'e',
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
  '\u1CF5',
  '\u0937',
  '\u093F',
  '\u093C',
  '\u1019',
  '\u1039',
  '\u1018',
  '\u102C',
  '\u103A',
  '\u179F',
  '\u17D2',
  '\u17B8',
  '\u1B32',
  '\u1B44',
  '\u1B38',
  '#',
  '\u20E3',
  '\u{E0067}',
  '\u{E007F}',
  '\u{20000}',
  '\uD800',
  '\uDC00',
  '\uFEFF',
  '\u200B',
  '\u2028',
  '\uFFFC',
];

/** The clusters of `s` by the rules alone, scalar by scalar from its start: the reference. */
function ruleClusters(s) {
  const rules = new GraphemeBreakRules();
  const found = [];
  for (const scalar of s) {
    if (rules.isBoundaryBefore(classOf(scalar.codePointAt(0))) || !found.length) found.push(scalar);
    else found[found.length - 1] += scalar;
  }
  return found;
}

test('clusters found in chunks are the rules’ clusters of the whole string, and every boundary query lands on one', () => {
  for (let seed = 0; seed < 20000; seed++) {
    const r = random(seed);
    let s = '';
    for (let i = r.int(0, 16); i > 0; i--) s += r.pick(PIECES);
    assert.deepEqual(clusters(s), ruleClusters(s), JSON.stringify(s));
  }
});

test('the generated grapheme tables are what the Unicode data makes (tools/generate-grapheme-tables.py --check)', () => {
  const run = spawnSync('python3', [join(ROOT, 'tools', 'generate-grapheme-tables.py'), '--check'], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

// The cost on the inputs that make the longest clusters and chunks: every
// cluster found and a boundary query in the middle (which segments the whole
// chunk around it) at n and 8n. Linear is 8 times the CPU time, quadratic 64:
// the bound, 24, leaves room for a loaded machine (the best of 5 rounds).
// Benchmarks/graphemes-linear.mjs measures the same through whole requests.
const ADVERSARIAL = {
  'combining marks on one letter': (n) => `a${'\u0301'.repeat(n)}`,
  'a ZWJ chain of pictographs': (n) => `${'👨\u200D'.repeat(n)}👨`,
  'regional indicators': (n) => '🇨'.repeat(n),
  'a conjunct chain of consonants and viramas': (n) => `${'क\u094D'.repeat(n)}क`,
  'Myanmar stacks': (n) => `${'\u1019\u1039'.repeat(n)}\u1019`,
  'lone viramas': (n) => '\u094D'.repeat(n),
  'viramas each before a consonant': (n) => '\u094D\u0915'.repeat(n),
};

function cpuMs(s) {
  return bestCpuMs(() => {
    let n = 0;
    forEachCluster(s, 0, s.length, () => {
      n += 1;
    });
    n += boundaryAtOrBefore(s, s.length >> 1, 0, s.length);
    assert.ok(n > 0);
  });
}

for (const [name, make] of Object.entries(ADVERSARIAL)) {
  test(`segmenting ${name} costs 8 times as much for 8 times the text, not 64`, () => {
    const small = cpuMs(make(1 << 14));
    const large = cpuMs(make(1 << 17));
    assert.ok(
      large / small < 24,
      `${small.toFixed(2)} ms, then ${large.toFixed(2)} ms: ${(large / small).toFixed(1)}x`,
    );
  });
}

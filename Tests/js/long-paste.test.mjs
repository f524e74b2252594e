// A paste cut before the model sees it (public/js/editor/long-paste.js) gives the
// model's answer to the whole paste: the same text, caret, counts and note,
// at every length of field and paste, with stickers, codes cut in half,
// emoji, combining marks and line breaks; and its cost does not grow with the
// paste.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { edit } from '../../public/js/model/index.js';
import { fitting } from '../../public/js/editor/long-paste.js';
import { catalog, lowestCPU } from './support.mjs';

const policy = { maxLength: 140, countMode: 'graphemes', stickerWeight: 1 };
const PIECES = [
  'a',
  ' ',
  '汉',
  '[微笑]',
  '[doge]',
  '[微',
  '笑]',
  '👍🏽',
  '👨‍👩‍👧',
  'é'.normalize('NFD'),
  '\n',
  '[',
  ']',
  'x',
];

/** A deterministic random generator (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const paste = (text, selection, string) =>
  edit({ text, selection, unit: 'utf16', op: 'paste', string, policy }, catalog);

test('the cut paste gets the answer the whole paste gets', () => {
  const next = random(37);
  const pick = (n) => Array.from({ length: n }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
  for (let round = 0; round < 300; round++) {
    const field = paste('', { location: 0, length: 0 }, pick(Math.floor(next() * 160))).text;
    const length = paste(field, { location: 0, length: 0 }, '').selection.location;
    const shown = edit(
      { text: field, selection: { location: 0, length: 0 }, unit: 'utf16', op: 'selectAll', policy },
      catalog,
    );
    const end = shown.selection.length;
    const at = Math.floor(next() * (end + 1));
    const selection = { location: at, length: Math.floor(next() * (end - at + 1)) };
    const whole = pick(200 + Math.floor(next() * 4000));
    const cut = fitting(whole, catalog, policy.maxLength);
    assert.ok(cut.length <= whole.length && whole.startsWith(cut));
    assert.deepEqual(
      paste(field, selection, cut),
      paste(field, selection, whole),
      `round ${round} (field of ${length})`,
    );
  }
});

test('a paste no longer than what could fit is left whole', () => {
  assert.equal(fitting('keep', catalog, 140), 'keep');
  assert.equal(fitting('x'.repeat(141), catalog, 140), 'x'.repeat(141));
  assert.equal(fitting('x'.repeat(10), catalog, null), 'x'.repeat(10));
});

test('400,000 汉 in a field holding keep: keep and 136 汉, cut short, from a short paste', () => {
  const whole = '汉'.repeat(400000);
  const cut = fitting(whole, catalog, 140);
  assert.ok(cut.length < 20000, `${cut.length} units kept for the model`);
  const answer = paste('keep', { location: 4, length: 0 }, cut);
  assert.equal(answer.text, `keep${'汉'.repeat(136)}`);
  assert.equal(answer.note, 'cutShort');
});

test('the cut costs the same for a paste 8 times as long', () => {
  // This process's CPU time, the least of five (lowestCPU), as wall-clock time on a shared machine is not.
  const mixed = (n) => 'ab 汉[微笑]👍🏽'.repeat(n);
  const [short, long] = [mixed(10000), mixed(80000)];
  const [small, large] = lowestCPU([() => fitting(short, catalog, 140), () => fitting(long, catalog, 140)]);
  assert.ok(large < 4 * Math.max(small, 0.5), `8x the paste took ${(large / small).toFixed(1)}x the time`);
});

test('a paste is cut before its first cluster of more than 32 code points, and a note says so', async () => {
  const heavy = `x${'\u0301'.repeat(32)}`; // 33 code points
  const full = `y${'\u0301'.repeat(31)}`; // 32: kept
  const family = '👨‍👩‍👧‍👦'; // 7 code points, 11 units
  const astral = `z${'\u{1D167}'.repeat(31)}`; // 32 code points in 63 units: kept
  const notes = [];
  const note = { onNote: (...said) => notes.push(said) };
  assert.equal(fitting(`ab${full}${family}${astral}`, catalog, 140, note), `ab${full}${family}${astral}`);
  assert.deepEqual(notes, []);
  assert.equal(fitting(`ab${full}${heavy}cd${heavy}`, catalog, 140, note), `ab${full}`);
  assert.deepEqual(notes, []); // said after the edit: once this task is done
  await Promise.resolve();
  assert.deepEqual(notes, [[null, 'tooHeavyToShow']]);
  // The issue's paste: 10 clusters of 10,000 marks (97 KB) froze the page for seconds in layout.
  assert.equal(fitting(`hi ${`a${'\u0300'.repeat(10000)}`.repeat(10)}`, catalog, 140, note), 'hi ');
  // A heavy cluster past what could fit is not reached: the cut by length says it.
  await Promise.resolve();
  notes.length = 0;
  assert.equal(fitting(`${'x'.repeat(5000)}${heavy}`, catalog, 140, note).length < 5000, true);
  await Promise.resolve();
  assert.deepEqual(notes, []);
});

test('a paste of one cluster of marks is cut in time linear in its length', () => {
  const one = (n) => `a${'\u0301'.repeat(n)}`;
  const [short, long] = [one(125000), one(1000000)];
  const [small, large] = lowestCPU([() => fitting(short, catalog, 140), () => fitting(long, catalog, 140)]);
  assert.ok(large < 16 * Math.max(small, 0.5), `8x the cluster took ${(large / small).toFixed(1)}x the time`);
  assert.equal(fitting(long, catalog, 140), '');
});

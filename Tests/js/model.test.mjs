// The JS model's own data and helpers against the Swift core's: the same
// "simple scalar" ranges of the grapheme fast path, the same GB18030 table,
// and the table loading only on demand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSimple } from '../../public/js/model/graphemes.js';
import { count, loadGB18030, hasGB18030 } from '../../public/js/model/index.js';
import { catalog, ROOT } from './support.mjs';

const swift = (file) => readFileSync(join(ROOT, 'Sources', 'StickerText', 'Internal', file), 'utf8');

test('isSimple accepts exactly the ranges of the Swift fast path', () => {
  const literal = swift('GraphemeSegmentation.swift').match(/static let simpleRanges[^=]*= \[([\s\S]*?)\]/)[1];
  const ranges = [...literal.matchAll(/0x([0-9A-F]+)\.\.\.0x([0-9A-F]+)/g)].map(([, a, b]) => [
    parseInt(a, 16),
    parseInt(b, 16),
  ]);
  assert.ok(ranges.length > 10);
  for (let c = 0; c <= 0x10ffff; c++) {
    const listed = ranges.some(([a, b]) => c >= a && c <= b);
    if (listed !== isSimple(c)) assert.fail(`U+${c.toString(16)}: Swift ${listed}, JS ${isSimple(c)}`);
  }
});

test('the GB18030 table loads only when asked, and then counts as the Swift table does', async () => {
  assert.equal(hasGB18030(), false);
  assert.equal(count({ text: '中a' }, catalog).gb18030, null);
  assert.throws(() => count({ text: '中a', policy: { countMode: 'gb18030' } }, catalog), /loadGB18030/);
  await loadGB18030();
  const { twoByteRanges } = await import('../../public/js/model/gb18030-table.js');
  const swiftRanges = [...swift('GB18030Table.swift').matchAll(/\(0x([0-9A-F]+), 0x([0-9A-F]+)\)/g)].flatMap(
    ([, a, b]) => [parseInt(a, 16), parseInt(b, 16)],
  );
  assert.deepEqual(twoByteRanges, swiftRanges);
  assert.equal(count({ text: '中a😀', policy: { countMode: 'gb18030' } }, catalog).length, 7);
});

test("a text's stickers can be walked in order as {start, end, entry}, as the embed walks them", async () => {
  const { scanCodes } = await import('../../public/js/model/index.js');
  const text = 'a[微笑]b[nope][哈哈]';
  const found = scanCodes(text, catalog);
  assert.equal(found.length, 2);
  assert.deepEqual(
    [...found].map(({ start, end, entry }) => [text.slice(start, end), entry.code]),
    [
      ['[微笑]', '[微笑]'],
      ['[哈哈]', '[哈哈]'],
    ],
  );
});

test("a count's lists of stickers and emoji are made when first read, once, and written in the answer's order", () => {
  const answer = count({ text: 'a[微笑]b😀[哈哈]' }, catalog);
  // Not made by the count: the page reads only the lengths at every edit.
  for (const key of ['stickers', 'emoji'])
    assert.equal(typeof Object.getOwnPropertyDescriptor(answer, key).get, 'function');
  const { stickers, emoji } = answer;
  assert.equal(answer.stickers, stickers, 'the same list at every read');
  assert.equal(answer.emoji, emoji);
  for (const key of ['stickers', 'emoji']) assert.equal(Object.getOwnPropertyDescriptor(answer, key).get, undefined);
  assert.deepEqual(
    stickers.map((s) => [s.code, s.range.location, s.range.length]),
    [
      ['[微笑]', 1, 4],
      ['[哈哈]', 8, 4],
    ],
  );
  assert.deepEqual(emoji, [{ emoji: '😀', range: { location: 6, length: 2 } }]);
  // Written as the API writes a count, whether read before or not.
  const fresh = JSON.parse(JSON.stringify(count({ text: 'a[微笑]b😀[哈哈]' }, catalog)));
  assert.deepEqual(JSON.parse(JSON.stringify(answer)), fresh);
  assert.deepEqual(Object.keys(fresh).slice(8, 11), ['stickers', 'emoji', 'valid']);
});

// changeBetween (public/js/model/text-diff.js): the one replaced range the
// editor reads a browser's own change as; checked against every way of
// making one text from another that a field sees, and for linear cost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeBetween } from '../../public/js/model/text-diff.js';
import { lowestCPU } from './support.mjs';

const apply = (before, { from, to, inserted }) => before.slice(0, from) + inserted + before.slice(to);

test('equal texts have no change', () => {
  assert.equal(changeBetween('abc', 'abc'), null);
  assert.equal(changeBetween('', ''), null);
});

test('an insertion, a deletion and a replacement are found where they happened', () => {
  assert.deepEqual(changeBetween('你好[]', '你好[笑哭]'), { from: 3, to: 3, inserted: '笑哭' });
  assert.deepEqual(changeBetween('hi there you', 'hi you'), { from: 3, to: 9, inserted: '' });
  assert.deepEqual(changeBetween('teh cat', 'the cat'), { from: 1, to: 3, inserted: 'he' });
  assert.deepEqual(changeBetween('', 'ni'), { from: 0, to: 0, inserted: 'ni' });
});

test('over a repeated stretch the caret says where the text went', () => {
  // `a` typed at the start of `aa`: the caret is at 1 after it.
  assert.deepEqual(changeBetween('aa', 'aaa', 1), { from: 0, to: 0, inserted: 'a' });
  assert.deepEqual(changeBetween('aa', 'aaa', 2), { from: 1, to: 1, inserted: 'a' });
  assert.deepEqual(changeBetween('aa', 'aaa', 3), { from: 2, to: 2, inserted: 'a' });
  assert.deepEqual(changeBetween('aa', 'aaa'), { from: 2, to: 2, inserted: 'a' });
  // A deletion: the caret is where the removed text was.
  assert.deepEqual(changeBetween('abab', 'ab', 0), { from: 0, to: 2, inserted: '' });
  assert.deepEqual(changeBetween('abab', 'ab', 2), { from: 2, to: 4, inserted: '' });
  // `ab` typed in `xab|`: the caret after it, at 5, but the first `ab` can be no further left than the repeat allows.
  assert.deepEqual(changeBetween('xab', 'xabab', 3), { from: 1, to: 1, inserted: 'ab' });
  assert.deepEqual(changeBetween('xab', 'xabab', 0), { from: 1, to: 1, inserted: 'ab' });
});

test('the range never splits a surrogate pair', () => {
  const grin = '\u{1F600}',
    joy = '\u{1F602}';
  const c = changeBetween(`a${grin}b`, `a${joy}b`);
  assert.deepEqual(c, { from: 1, to: 3, inserted: joy });
  const d = changeBetween(`${grin}`, `${grin}${grin}`, 2);
  assert.equal(apply(grin, d), grin + grin);
  assert.equal(d.inserted, grin);
});

test('every change between random texts over a small alphabet is found and is minimal', () => {
  let seed = 7;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const alphabet = ['a', 'b', '[', ']', '\u{1F600}', 'é'];
  const text = (n) => Array.from({ length: n }, () => alphabet[random(alphabet.length)]).join('');
  for (let i = 0; i < 3000; i++) {
    const before = text(random(8));
    const from = random(before.length + 1),
      to = from + random(before.length - from + 1);
    const inserted = text(random(4));
    const after = before.slice(0, from) + inserted + before.slice(to);
    const caret = from + inserted.length;
    const c = changeBetween(before, after, caret);
    if (before === after) {
      assert.equal(c, null);
      continue;
    }
    assert.equal(apply(before, c), after, JSON.stringify({ before, after, c }));
    assert.ok(
      c.to - c.from <= to - from + 1 && c.inserted.length <= inserted.length + 1,
      JSON.stringify({ before, after, c }),
    );
  }
});

test('its cost is linear in the texts: 8x the text, well under 30x the time', () => {
  // This process's CPU time, the least of five (lowestCPU), as wall-clock time on a shared machine is not.
  const pair = (n) => ['a'.repeat(n), 'a'.repeat(n + 1)];
  const [[b1, a1], [b8, a8]] = [pair(1 << 17), pair(1 << 20)];
  const [small, large] = lowestCPU([() => changeBetween(b1, a1, 1), () => changeBetween(b8, a8, 1)]);
  assert.ok(large < 30 * Math.max(small, 0.5), `1 MiB took ${(large / small).toFixed(1)}x 128 KiB`);
});

// The insert cut (insert-cut.js): its stops (url-stops.js) are the ones the URL rule's own
// classes give (as TwitterURLs.isStop derives them in Swift), and the paths
// an attacker found slow are linear now (wide margins: the benchmark,
// `make bench-worst`, holds the real targets).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as T from '../../public/js/model/twitter-text-tables.js';
import { isSimple } from '../../public/js/model/graphemes.js';
import { STOPS } from '../../public/js/model/url-stops.js';
import { edit, loadGB18030 } from '../../public/js/model/index.js';
import { loadURLs } from '../../public/js/model/lengths.js';
import { catalog, lowestCPU, assertLinear } from './support.mjs';

before(() => Promise.all([loadGB18030(), loadURLs()]));

const has = (pairs, c) => {
  for (let k = 0; k < pairs.length; k += 2) if (pairs[k] <= c && c <= pairs[k + 1]) return true;
  return false;
};

test('the stops are the characters the URL rule holds nowhere and that end its every look ahead', () => {
  const derived = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (!isSimple(c) || !has(T.preceding, c) || !has(T.tldFollower, c)) continue;
    if ([T.domain, T.pathGeneral, T.query, T.asciiDomain, T.punycode, T.tcoSlug].some((k) => has(k, c))) continue;
    if ([0x28, 0x29, 0x2d, 0x2e, 0x2f, 0x3a, 0x3c, 0x3e, 0x3f, 0x5f, 0x3002, 0xff0e, 0xff61].includes(c)) continue;
    derived.push(c);
  }
  assert.deepEqual(
    [...STOPS].sort((a, b) => a - b),
    derived,
  );
});

const paste = (n) =>
  edit({ text: '', op: 'paste', string: 'ab.'.repeat(n), policy: { countMode: 'weighted', maxLength: 280 } }, catalog);

test('a long weighted paste of ab. is cut in linear time (1.3 KB of it took over 10 s)', () => {
  const response = paste(20000);
  assert.equal(response.counts.length, 280);
  assert.ok(response.truncated);
  assertLinear(
    lowestCPU([() => paste(2500), () => paste(20000)]),
    'ab. pasted 2,500 and 20,000 times under 280-weighted',
  );
});

test('a caret moved across 100,000 emoji segments them once (it was quadratic)', () => {
  const move = (n, offset) => {
    const text = '😀'.repeat(n);
    const location = offset > 0 ? 0 : text.length;
    return edit({ text, selection: { location, length: 0 }, op: 'moveCaret', offset: offset * n }, catalog);
  };
  for (const offset of [1, -1]) {
    assert.equal(move(100000, offset).selection.location, offset > 0 ? 200000 : 0);
    assertLinear(
      lowestCPU([() => move(12500, offset), () => move(100000, offset)]),
      `a caret moved ${offset > 0 ? 'forward' : 'back'} across 12,500 and 100,000 emoji`,
    );
  }
});

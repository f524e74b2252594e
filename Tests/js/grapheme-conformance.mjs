// Owns: Unicode's own grapheme tests run through the page's JS model: every
// case of GraphemeBreakTest.txt and every fully-qualified emoji of
// emoji-test.txt (Tests/unicode: 18.0 and 17.0), one cluster each and classified as
// emoji (every line of emoji-test.txt: what the emoji rule finds in it, which
// the Swift core must find too). One module for node
// (graphemes.test.mjs) and the browsers (Tests/e2e/test_graphemes.py imports
// it in each engine): the answers must not depend on where the model runs.
import { forEachCluster, boundaryAtOrBefore, boundaryAtOrAfter } from '../../public/js/model/graphemes.js';
import { UNICODE_VERSION } from '../../public/js/model/grapheme-break-table.js';
import { isEmojiCluster } from '../../public/js/model/emoji.js';

/** The clusters of `s`, as strings, with every boundary query checked against them (a problem is thrown). */
export function clusters(s) {
  const found = [];
  const edges = new Set([0]);
  forEachCluster(s, 0, s.length, (a, b) => {
    found.push(s.slice(a, b));
    edges.add(b);
  });
  for (let i = 0; i <= s.length; i++) {
    const down = boundaryAtOrBefore(s, i, 0, s.length);
    const up = boundaryAtOrAfter(s, i, 0, s.length);
    const between = [...edges].some((e) => e > down && e < up);
    if (!edges.has(down) || !edges.has(up) || down > i || up < i || between)
      throw new Error(`boundaries around ${i} of ${JSON.stringify(s)}: ${down}, ${up}`);
  }
  return found;
}

/** Whether `cut` cuts the clusters of `expected`, joined, into `expected` (a thrown problem is a no). */
function cutsAs(cut, expected) {
  try {
    return JSON.stringify(cut(expected.join(''))) === JSON.stringify(expected);
  } catch {
    return false;
  }
}

const fromHex = (codes) => String.fromCodePoint(...codes.map((c) => Number.parseInt(c, 16)));

/** Every case of GraphemeBreakTest.txt's `text` cut by `cut` (the model's, unless another is given):
 *  `{version, passed, failures}` (failures: the cases' lines). */
export function graphemeBreakTest(text, cut = clusters) {
  const version = /^# GraphemeBreakTest-(\S+)\.txt/.exec(text)?.[1];
  let passed = 0;
  const failures = [];
  for (const line of text.split('\n')) {
    const body = line.split('#')[0].trim();
    if (!body) continue;
    const expected = body
      .split('÷')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => fromHex(part.split('×').map((c) => c.trim())));
    if (cutsAs(cut, expected)) passed += 1;
    else failures.push(body);
  }
  return { version, passed, failures };
}

/** Every fully-qualified emoji of emoji-test.txt's `text`, alone, between letters and twice: one cluster
 *  each. `{version, passed, failures}`. */
export function emojiTest(text) {
  const version = /^# Version: (\S+)$/m.exec(text)?.[1];
  let passed = 0;
  const failures = [];
  for (const line of text.split('\n')) {
    if (!line.includes('; fully-qualified')) continue;
    const emoji = fromHex(line.split(';')[0].trim().split(/\s+/));
    const expected = ['a', emoji, emoji, '中'];
    if (cutsAs(clusters, expected)) passed += 1;
    else failures.push(line);
  }
  return { version, passed, failures };
}

/** The emoji the emoji rule finds in `s` (its clusters that are emoji), as the Swift core's counts list them. */
export function emojiIn(s) {
  const found = [];
  forEachCluster(s, 0, s.length, (a, b, simple) => {
    if (!simple && isEmojiCluster(s, a, b)) found.push(s.slice(a, b));
  });
  return found;
}

/** Every line of emoji-test.txt (any status) with the emoji found in it: `{version, lines, answers,
 *  failures, newest}`. A fully-qualified emoji or a component must be found whole; a text-style
 *  character alone (unqualified, one code point) must not be; `answers` (one per line) lets another
 *  implementation be compared whole; `newest`: the fully-qualified emoji of the file's own version. */
export function emojiClassification(text) {
  const version = /^# Version: (\S+)$/m.exec(text)?.[1];
  const answers = [],
    failures = [];
  let newest = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.includes(';')) continue;
    const codes = line.split(';')[0].trim().split(/\s+/);
    const status = line.split(';')[1].split('#')[0].trim();
    const s = fromHex(codes);
    const found = emojiIn(s);
    answers.push(found);
    const whole = found.length === 1 && found[0] === s;
    if ((status === 'fully-qualified' || status === 'component') && !whole) failures.push(line);
    if (status === 'unqualified' && codes.length === 1 && found.length) failures.push(line);
    if (status === 'fully-qualified' && line.includes(` E${version} `)) newest += 1;
  }
  return { version, lines: answers.length, answers, failures, newest };
}

/** Both files' results and the data's Unicode version: what a browser test asks of a page. */
export function unicodeConformance(graphemeBreakText, emojiTestText) {
  return {
    tables: UNICODE_VERSION,
    graphemeBreakTest: graphemeBreakTest(graphemeBreakText),
    emojiTest: emojiTest(emojiTestText),
    emojiClassification: emojiClassification(emojiTestText),
  };
}

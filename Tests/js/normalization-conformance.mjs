// Owns: Unicode's NormalizationTest run through the page's JS model's own
// NFC and NFKC (normalization.js, compatibility.js): every line of
// NormalizationTest.txt (Tests/unicode, of the tables' Unicode version), with
// the conformance invariants of the NFC and NFKC columns, and part 1's "every
// other code point is left as it is". One module for node (normalization.test.mjs) and
// the browsers (Tests/e2e/test_graphemes.py imports it in each engine): the
// answers must not depend on where the model runs.
import { nfc } from '../../public/js/model/normalization.js';
import { nfkc } from '../../public/js/model/compatibility.js';
import { UNICODE_VERSION } from '../../public/js/model/normalization-table.js';

const fromHex = (field) =>
  String.fromCodePoint(
    ...field
      .trim()
      .split(' ')
      .map((c) => Number.parseInt(c, 16)),
  );

/** The lines of a NormalizationTest file checked: `{version, passed, failures, partOne}`
 *  (partOne: the code points part 1 lists, which the other checks leave out). */
export function normalizationTest(text) {
  const version = /^# NormalizationTest-(\S+)\.txt/.exec(text)?.[1];
  let passed = 0,
    part = '';
  const failures = [],
    partOne = new Set();
  for (const line of text.split('\n')) {
    if (line.startsWith('@')) {
      part = line;
      continue;
    }
    const body = line.split('#')[0].trim();
    if (!body) continue;
    const [c1, c2, c3, c4, c5] = body.split(';').slice(0, 5).map(fromHex);
    if (part.startsWith('@Part1')) partOne.add(c1.codePointAt(0));
    // NFC: c2 == NFC(c1) == NFC(c2) == NFC(c3), c4 == NFC(c4) == NFC(c5); NFKC: c4 == NFKC(c1..c5).
    const nfcHolds = [c1, c2, c3].every((c) => nfc(c) === c2) && [c4, c5].every((c) => nfc(c) === c4);
    const nfkcHolds = [c1, c2, c3, c4, c5].every((c) => nfkc(c) === c4);
    if (nfcHolds && nfkcHolds) passed += 1;
    else failures.push(body);
  }
  return { version, passed, failures, partOne };
}

/** The file, and every code point its part 1 does not list: NFC and NFKC leave it as it is. */
export function normalizationConformance(test) {
  const official = normalizationTest(test);
  const listed = official.partOne;
  const changed = [];
  for (let c = 0; c < 0x110000; c++) {
    if ((c >= 0xd800 && c <= 0xdfff) || listed.has(c)) continue;
    const s = String.fromCodePoint(c);
    if (nfc(s) !== s || nfkc(s) !== s) changed.push(c.toString(16));
  }
  delete official.partOne;
  return { tables: UNICODE_VERSION, official, othersChanged: changed };
}

// Owns: NFC in time linear in the text. V8's normalizer puts combining marks
// in canonical order by an insertion sort, quadratic in a run of marks out of
// order (a letter with 16,000 marks of two classes: 2 s); each such run is
// put in order here first (a stable counting sort by combining class), which
// changes nothing of the text's NFC form. The mirror of what Swift's
// LengthCounting.appendInCanonicalOrder does before Foundation's NFC.

import { combiningClasses } from './combining-classes.js';

/** The canonical combining class of `c` (0 for a starter, or a mark the table lacks). */
function combiningClass(c) {
  if (c < 0x300) return 0;
  const t = combiningClasses;
  let lo = 0,
    hi = t.length / 3;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[3 * mid + 1] < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < t.length / 3 && t[3 * lo] <= c ? t[3 * lo + 2] : 0;
}

/** `s` with each run of combining marks in canonical order, if one was not. */
function inCanonicalOrder(s) {
  const parts = [];
  let from = 0,
    runStart = 0,
    last = 0,
    ordered = true;
  for (let i = 0; i <= s.length; ) {
    const c = i < s.length ? s.codePointAt(i) : 0;
    const k = combiningClass(c);
    if (k === 0) {
      if (!ordered) {
        parts.push(s.slice(from, runStart), sortedByClass(s, runStart, i));
        from = i;
      }
      ordered = true;
    } else if (last === 0) {
      runStart = i;
    } else if (last > k) {
      ordered = false;
    }
    last = k;
    i += c > 0xffff ? 2 : 1;
  }
  if (!parts.length) return s;
  parts.push(s.slice(from));
  return parts.join('');
}

/** The marks of s[start..<end] stably sorted by class: a few by insertion,
 *  more each put after the marks of lower classes and of its class before it
 *  (a counting sort, as classes are below 256), so linear in the run; in
 *  typed arrays (5 bytes a mark, and 4 more sorted), where arrays of numbers
 *  took 8 bytes a number. */
function sortedByClass(s, start, end) {
  const points = new Int32Array(end - start),
    classes = new Uint8Array(end - start);
  let n = 0;
  for (let i = start; i < end; ) {
    const c = s.codePointAt(i);
    points[n] = c;
    classes[n++] = combiningClass(c);
    i += c > 0xffff ? 2 : 1;
  }
  if (n <= 8) {
    for (let j = 1; j < n; j++) {
      const c = points[j],
        k = classes[j];
      let at = j;
      for (; at > 0 && classes[at - 1] > k; at--) {
        points[at] = points[at - 1];
        classes[at] = classes[at - 1];
      }
      points[at] = c;
      classes[at] = k;
    }
    return String.fromCodePoint(...points.subarray(0, n));
  }
  const at = new Uint32Array(257);
  for (let j = 0; j < n; j++) at[classes[j] + 1]++;
  for (let k = 1; k <= 256; k++) at[k] += at[k - 1];
  const sorted = new Int32Array(n);
  for (let j = 0; j < n; j++) sorted[at[classes[j]]++] = points[j];
  let out = '';
  for (let j = 0; j < n; j += 4096) out += String.fromCodePoint(...sorted.subarray(j, Math.min(n, j + 4096)));
  return out;
}

/** The NFC form of `s`. */
export const nfc = (s) => inCanonicalOrder(s).normalize('NFC');

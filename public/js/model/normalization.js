// Owns: NFC in time linear in the text. V8's normalizer puts combining marks
// in canonical order by an insertion sort, quadratic in a run of marks out of
// order (a letter with 16,000 marks of two classes: 2 s); each such run is
// put in order here first (a stable sort by combining class), which changes
// nothing of the text's NFC form. The mirror of what Swift's
// LengthCounting.appendInCanonicalOrder does before Foundation's NFC.

import { combiningClasses } from './combining-classes.js';

/** The canonical combining class of `c` (0 for a starter, or a mark the table lacks). */
function combiningClass(c) {
  if (c < 0x300) return 0;
  const t = combiningClasses;
  let lo = 0, hi = t.length / 3;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[3 * mid + 1] < c) lo = mid + 1; else hi = mid;
  }
  return lo < t.length / 3 && t[3 * lo] <= c ? t[3 * lo + 2] : 0;
}

/** `s` with each run of combining marks in canonical order, if one was not. */
function inCanonicalOrder(s) {
  let out = null, from = 0;
  let run = [], ordered = true, runStart = 0;
  const flush = (end) => {
    if (!ordered) {
      out = (out ?? '') + s.slice(from, runStart) + run.sort((a, b) => a.k - b.k).map((m) => m.ch).join('');  // a stable sort
      from = end;
    }
    run = [];
    ordered = true;
  };
  for (let i = 0; i < s.length;) {
    const c = s.codePointAt(i);
    const n = c > 0xFFFF ? 2 : 1;
    const k = combiningClass(c);
    if (k === 0) {
      if (run.length) flush(i);
    } else {
      if (!run.length) runStart = i;
      else if (run[run.length - 1].k > k) ordered = false;
      run.push({ k, ch: s.slice(i, i + n) });
    }
    i += n;
  }
  if (run.length) flush(s.length);
  return out === null ? s : out + s.slice(from);
}

/** The NFC form of `s`. */
export const nfc = (s) => inCanonicalOrder(s).normalize('NFC');

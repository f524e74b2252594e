// Owns: the lookup in the generated tables' runs (grapheme-break-table.js's
// `runs` and `emojiRuns`): each run is its first code point shifted left by
// `bits`, or'ed with its value, and lasts until the next run begins; the
// grapheme-break class and the emoji kind both read them so, as the Swift
// core's PackedRuns.

/** The value of the run of `runs` that holds `c`: a binary search. */
export function runValue(runs, bits, c) {
  let lo = 0,
    hi = runs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (runs[mid] >>> bits <= c) lo = mid;
    else hi = mid - 1;
  }
  return runs[lo] & ((1 << bits) - 1);
}

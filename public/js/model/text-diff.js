// Owns: what changed between two texts, as one replaced range (CodeMirror 6's
// findDiff): the common prefix and suffix; where a change over a repeated
// stretch is ambiguous (`a` typed into `aa`) the caret says. Linear.

const isHigh = (c) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c) => c >= 0xdc00 && c <= 0xdfff;

/** `{from, to, inserted}`: before.slice(0, from) + inserted + before.slice(to) === after, or null
 *  when equal; `caretAfter`: the caret in `after`. Never splits a surrogate pair. */
export function changeBetween(before, after, caretAfter = null) {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  // The suffix may not reach into the prefix of the shorter text.
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  let from = prefix;
  // Only a pure insertion or deletion is ambiguous: it can slide left while
  // the text it slides over repeats after it, as far as the caret says.
  const grown = after.length - before.length;
  if (caretAfter !== null && grown !== 0 && prefix + suffix === shorter) {
    const end = from + Math.max(grown, 0); // where the change ends in `after`
    const wanted = Math.max(0, Math.min(end - caretAfter, from));
    const longer = grown > 0 ? after : before,
      by = Math.abs(grown);
    let shift = 0;
    while (shift < wanted && longer.charCodeAt(from - shift - 1) === longer.charCodeAt(from - shift - 1 + by)) shift++;
    from -= shift;
    suffix += shift;
  }
  // Whole surrogate pairs: the range's ends move outward off a pair's middle.
  const splits = (text, at) =>
    at > 0 && at < text.length && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at));
  if (splits(before, from) || splits(after, from)) from--;
  let toBefore = before.length - suffix,
    toAfter = after.length - suffix;
  if (splits(before, toBefore) || splits(after, toAfter)) {
    toBefore++;
    toAfter++;
  }
  return { from, to: toBefore, inserted: after.slice(from, toAfter) };
}

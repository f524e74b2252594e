// Owns: where an insert is cut to fit the policy's `maxLength`, the mirror of
// the Swift core's InsertCut (read its comment for the rule): the whole
// insert if it fits; nothing if the text is already over; else the longest
// prefix of whole units whose estimate fits (the text up to the prefix's end
// on its own, plus the text after the insertion point on its own; under
// `weighted`, with the URLs of the text up to the end of the whole insert),
// confirmed by one count of the result, else the last prefix that ends where
// the estimate is exact. Linear in the text, in every mode.

import { TextBackedString } from './text-backed-string.js';
import { lengthUnder, unitLengths } from './counting.js';
import { measure, urlSpansIn } from './lengths.js';

const URL_WEIGHT = 23;

/** The characters no part of a URL holds that end every look of the URL rule
 *  ahead (TwitterURLs.isStop in Swift, derived from the rule's classes; a
 *  node test derives them again from twitter-text-tables.js): whitespace,
 *  `\ ^ { }` and NEL (U+0085). */
export const STOPS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x20, 0x5c, 0x5e, 0x7b, 0x7d, 0x85, 0xa0, 0x3000]);

/** `{kind: 'whole'}`, `{kind: 'alreadyOver'}` or `{kind: 'cut', keeping}` (UTF-16 units of the insert kept). */
export function fit(piece, string, [lower, upper], policy, max) {
  const length = (keeping) => lengthUnder(string.replacing([lower, upper], piece.text.slice(0, keeping)), policy);
  // An empty insert drops nothing, whatever the length.
  if (piece.text.length === 0 || length(piece.text.length) <= max) return { kind: 'whole' };
  if (length(0) > max) return { kind: 'alreadyOver' };

  const { catalog } = string;
  // The text up to the end of the whole insert, and the text after it, each on its own.
  const upToInsertEnd = new TextBackedString(string.text.slice(0, lower) + piece.text, catalog);
  const after = new TextBackedString(string.text.slice(upper), catalog);
  const unitsUpToInsertEnd = unitLengths(upToInsertEnd, policy);
  const unitEnds = insertUnitEnds(piece, upToInsertEnd, unitsUpToInsertEnd.ends, lower);
  const junctions = new Int32Array(unitEnds.length + 1);
  junctions[0] = lower;
  for (let k = 0; k < unitEnds.length; k++) junctions[k + 1] = lower + unitEnds[k];
  const afterLength = lengthUnder(after, policy);
  const close = closeBracket(after.text, catalog);
  /** The estimate of keeping `k` units; NaN where a code would form at their end. */
  const estimates = prefixLengthEstimates(upToInsertEnd, unitsUpToInsertEnd, junctions, policy);
  for (let k = 0; k < junctions.length; k++) {
    const forms = close !== null && wouldFormCode(upToInsertEnd, junctions[k], after.text, close);
    estimates[k] = forms ? Number.NaN : estimates[k] + afterLength;
  }
  const units = (k) => (k === 0 ? 0 : unitEnds[k - 1]);
  const lastWhere = (from, to, ok) => {
    for (let k = to - 1; k >= from; k--) if (ok(k)) return k;
    return 0;
  };

  // The longest prefix whose estimate fits; none (0) always fits, since the text without the insert does.
  const estimated = lastWhere(1, unitEnds.length, (k) => estimates[k] <= max);
  if (estimated === 0 || length(units(estimated)) <= max) return { kind: 'cut', keeping: units(estimated) };

  // Where the estimate is exact: after a sticker or a stop, before the end of
  // the text or a sticker or a stop, where nothing joins and no URL reaches across.
  const afterStartsClean =
    after.text.length === 0 || after.spans[0]?.start === 0 || STOPS.has(after.text.codePointAt(0));
  const isExact = (k) => {
    const start = units(k - 1),
      end = units(k);
    const span = piece.spanContaining(end - 1);
    return (
      afterStartsClean &&
      !Number.isNaN(estimates[k]) &&
      ((span !== null && span.start === start && span.end === end) ||
        (end - start === 1 && STOPS.has(piece.text.charCodeAt(start))))
    );
  };
  const exact = lastWhere(1, estimated, (k) => isExact(k) && estimates[k] <= max);
  return { kind: 'cut', keeping: exact > 0 && length(units(exact)) <= max ? units(exact) : 0 };
}

/** The first `]` of `text`, if no `[` or line break comes before it, within the longest code's reach. */
function closeBracket(text, catalog) {
  for (let j = 0; j < Math.min(text.length, catalog.maxContentLength + 1); j++) {
    const u = text[j];
    if (u === ']') return j;
    if (u === '[' || u === '\n' || u === '\r') return null;
  }
  return null;
}

/** Whether the `[` left open before `position` in `string` and the `]` at
 *  `close` of `after` would make a known code, were `after` to follow. */
function wouldFormCode(string, position, after, close) {
  const text = string.text,
    reach = string.catalog.maxContentLength;
  for (let j = position - 1; j >= Math.max(0, position - 1 - reach); j--) {
    const u = text[j];
    if (u === '[') {
      return (
        position - j - 1 + close <= reach &&
        !!string.catalog.entryForContent(text.slice(j + 1, position) + after.slice(0, close))
      );
    }
    if (u === ']' || u === '\n' || u === '\r') return false;
  }
  return false;
}

/** The ends of the insert's units as it is cut alone (`piece.unitEnds()`),
 *  read from the units of the text up to its end (`ends`) where they are the
 *  same: where a unit of that text ends at the insertion point `lower` and no
 *  sticker spans it, the text from there is segmented and scanned as the
 *  insert alone is (grapheme rules look back only within a cluster, a code
 *  only to its `[`), so a pass over the insert is saved. */
function insertUnitEnds(piece, upToInsertEnd, ends, lower) {
  let first = 0;
  if (lower > 0) {
    let hi = ends.length;
    while (first < hi) {
      const mid = (first + hi) >> 1;
      if (ends[mid] <= lower) first = mid + 1;
      else hi = mid;
    }
    const spans = upToInsertEnd.spans;
    const clean =
      first > 0 &&
      ends[first - 1] === lower &&
      upToInsertEnd.spanContaining(lower) === null &&
      spans.length - upToInsertEnd.firstSpanEndingAfter(lower) === piece.spans.length;
    if (!clean) return Int32Array.from(piece.unitEnds());
  }
  const own = new Int32Array(ends.length - first);
  for (let k = 0; k < own.length; k++) own[k] = ends[first + k] - lower;
  return own;
}

/** For each position (ascending), the estimated length under `policy` of the
 *  text before it on its own: the units before it (`units`, unitLengths of
 *  `string`), and the one it cuts measured as text from its start; under
 *  `weighted`, the URLs of the whole text, each adding 23 in place of its
 *  clusters' weight once a position reaches its end
 *  (TextBackedString.prefixLengthEstimates in Swift). A Float64Array. */
function prefixLengthEstimates(string, { ends, lengths }, positions, policy) {
  const urls = [];
  if (policy.countMode === 'weighted') {
    const before = new Float64Array(ends.length + 1);
    for (let k = 0; k < ends.length; k++) before[k + 1] = before[k] + lengths[k];
    /** The index of the first unit ending after `position`. */
    const unitAfter = (position) => {
      let lo = 0,
        hi = ends.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ends[mid] <= position) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    string.forEachItem((start, end, span) => {
      if (span) return;
      // The run's clusters: the units that end after its start and at or before its end.
      const clusters = ends.subarray(unitAfter(start), unitAfter(end));
      for (const [a, b] of urlSpansIn(string.text, start, end, clusters))
        urls.push({ end: b, change: URL_WEIGHT - (before[unitAfter(b)] - before[unitAfter(a)]) });
    });
  }
  const estimates = new Float64Array(positions.length);
  let total = 0,
    unit = 0,
    unitStart = 0,
    url = 0;
  for (let k = 0; k < positions.length; k++) {
    const position = positions[k];
    while (unit < ends.length && ends[unit] <= position) {
      total += lengths[unit];
      unitStart = ends[unit];
      unit += 1;
    }
    while (url < urls.length && urls[url].end <= position) {
      total += urls[url].change;
      url += 1;
    }
    estimates[k] =
      total + (unitStart < position ? measure(string.text, unitStart, position).value(policy.countMode) : 0);
  }
  return estimates;
}

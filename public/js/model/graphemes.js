// Owns: scalars and grapheme clusters of JS strings (UTF-16 indices), the
// mirror of the Swift core's GraphemeSegmentation.
//
// Most chat text is ASCII, CJK and kana, whose scalars never join a
// neighbour. So, exactly as in Swift, text is cut at certain boundaries
// (between two "simple" scalars), simple scalars are clusters of their own,
// and only the chunks between certain boundaries that hold anything else go
// through UAX #29's rules (grapheme-break-rules.js: our own rules and
// Unicode 18.0 data, the same as the server's, not the engine's
// Intl.Segmenter, whose Unicode version is each browser's). The chunk
// boundaries are true boundaries, so the result equals the rules run over
// the whole text.

import { classOf, GraphemeBreakRules } from './grapheme-break-rules.js';

/** A scalar that is a grapheme boundary on both sides next to simple
 *  scalars, never an emoji, and unchanged by NFC. The same ranges as
 *  `GraphemeSegmentation.isSimple` in Swift (the conformance corpus and the
 *  differential test hold the two together). */
export function isSimple(c) {
  if (c < 0xa0) return c !== 0x0d;
  if (c < 0x3000) {
    return (
      (c <= 0x2ff && c !== 0xad) ||
      (c >= 0x370 && c <= 0x482 && c !== 0x374 && c !== 0x37e && c !== 0x387) ||
      (c >= 0x2010 && c <= 0x2027) ||
      (c >= 0x2030 && c <= 0x205e) ||
      (c >= 0x2070 && c <= 0x20cf) ||
      (c >= 0x2100 && c <= 0x218f && c !== 0x2126 && c !== 0x212a && c !== 0x212b) ||
      (c >= 0x2500 && c <= 0x25fc)
    );
  }
  return (
    c <= 0x3029 ||
    (c >= 0x3030 && c <= 0x303f) ||
    (c >= 0x3041 && c <= 0x3096) ||
    (c >= 0x309b && c <= 0x30ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xff01 && c <= 0xff5e)
  );
}

const isHigh = (u) => u >= 0xd800 && u <= 0xdbff;
const isLow = (u) => u >= 0xdc00 && u <= 0xdfff;

/** UTF-16 length of the scalar starting at `i`. */
function scalarLength(s, i) {
  return isHigh(s.charCodeAt(i)) && isLow(s.charCodeAt(i + 1)) ? 2 : 1;
}

/** The start of the scalar that ends just before `i`. */
function scalarStartBefore(s, i) {
  return i >= 2 && isLow(s.charCodeAt(i - 1)) && isHigh(s.charCodeAt(i - 2)) ? i - 2 : i - 1;
}

/** `i` moved back to the start of its scalar (it may point between the halves of a surrogate pair). */
function roundDownToScalar(s, i) {
  return i > 0 && i < s.length && isLow(s.charCodeAt(i)) && isHigh(s.charCodeAt(i - 1)) ? i - 1 : i;
}

const simpleAt = (s, i) => isSimple(s.codePointAt(i));

/** Whether `i` (a scalar start strictly inside a run) is certainly a cluster boundary. */
function isCertainBoundary(s, i) {
  return simpleAt(s, i) && simpleAt(s, scalarStartBefore(s, i));
}

function chunkEnd(s, k, end) {
  while (k < end && !isCertainBoundary(s, k)) k += scalarLength(s, k);
  return k;
}

/** Calls `body(start, end, simple)` for each cluster of `s[start..<end]`;
 *  `simple` says the cluster is one simple scalar. `body` returns false to stop. */
export function forEachCluster(s, start, end, body) {
  let i = start;
  if (i >= end) return;
  let current = simpleAt(s, i);
  while (i < end) {
    // Fast path: a simple scalar followed by a simple scalar (or the run end) is one cluster.
    const j = i + scalarLength(s, i);
    const next = j < end ? simpleAt(s, j) : true;
    if (current && next) {
      if (body(i, j, true) === false) return;
      i = j;
      current = next;
      continue;
    }
    // Slow path: extend to the next certain boundary and segment that chunk.
    const k = chunkEnd(s, j, end);
    let stopped = false;
    segmentChunk(s, i, k, (a, b) => {
      // A lone simple scalar in the chunk (a space after an emoji) is still simple.
      const single = b - a === scalarLength(s, a) && simpleAt(s, a);
      stopped = body(a, b, single) === false;
      return !stopped;
    });
    if (stopped) return;
    i = k;
    if (i < end) current = simpleAt(s, i);
  }
}

/** Calls `body(start, end)` for each cluster of the chunk `s[start..<end]`,
 *  which starts and ends on a boundary, by UAX #29's rules; `body` returns false to stop. */
function segmentChunk(s, start, end, body) {
  const rules = new GraphemeBreakRules();
  let from = start;
  for (let i = start; i < end; ) {
    const c = s.codePointAt(i);
    // The chunk's first scalar starts a cluster (GB1).
    if (rules.isBoundaryBefore(classOf(c)) && i > from) {
      if (body(from, i) === false) return;
      from = i;
    }
    i += c > 0xffff ? 2 : 1;
  }
  if (from < end) body(from, end);
}

/** The number of clusters in `s[start..<end]`. */
export function clusterCount(s, start, end) {
  let n = 0;
  forEachCluster(s, start, end, () => {
    n += 1;
  });
  return n;
}

/** The smallest chunk between certain boundaries around `i`, `{start, end}`:
 *  its clusters are read as they go by (a list of their lengths was an
 *  array as long as a run of emoji, 3 MB for a caret in 512 KiB of them). */
function chunkAround(s, i, runStart, runEnd) {
  let start = roundDownToScalar(s, i);
  while (start > runStart && !isCertainBoundary(s, start)) start = scalarStartBefore(s, start);
  let end = roundDownToScalar(s, i);
  if (end === start && end < runEnd) end += scalarLength(s, end);
  return { start, end: chunkEnd(s, end, runEnd) };
}

/** The cluster boundary at or before `i` inside the run `[runStart, runEnd)`. */
export function boundaryAtOrBefore(s, i, runStart, runEnd) {
  if (i <= runStart) return runStart;
  if (i >= runEnd) return runEnd;
  const { start, end } = chunkAround(s, i, runStart, runEnd);
  let k = start;
  forEachCluster(s, start, end, (_, b) => {
    if (b > i) return false;
    k = b;
  });
  return k;
}

/** The cluster boundary at or after `i` inside the run `[runStart, runEnd)`. */
export function boundaryAtOrAfter(s, i, runStart, runEnd) {
  const down = boundaryAtOrBefore(s, i, runStart, runEnd);
  if (down === i) return i;
  const { start, end } = chunkAround(s, i, runStart, runEnd);
  let k = start;
  forEachCluster(s, start, end, (_, b) => {
    k = b;
    return b < i;
  });
  return k;
}

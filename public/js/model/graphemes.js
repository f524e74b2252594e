// Owns: scalars and grapheme clusters of JS strings (UTF-16 indices), the
// mirror of the Swift core's GraphemeSegmentation.
//
// Full segmentation (Intl.Segmenter) is slow, and most chat text is ASCII,
// CJK and kana, whose scalars never join a neighbour. So, exactly as in
// Swift, text is cut at certain boundaries (between two "simple" scalars),
// simple scalars are clusters of their own, and only the chunks between
// certain boundaries that hold anything else are segmented. The chunk
// boundaries are true boundaries, so the result equals full segmentation.
// A simple letter with combining diacritics before a simple scalar, and a CR
// (or CR LF), and a format control (U+FEFF and the like), are clusters found
// without the segmenter too (JS only: Swift's own is fast); the segmenter
// gets chunks of MIN_CHUNK units or more.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

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
const isDiacritic = (u) => u >= 0x300 && u <= 0x36f;
const isControl = (u) => u < 0x20 || (u >= 0x7f && u < 0xa0); // C0, C1, CR and LF: Unicode breaks around them

/** Format characters of Grapheme_Cluster_Break=Control (U+200B, U+200E-F,
 *  U+2028-9, U+202A-E, U+2060-206F, U+FEFF, U+FFF0-FFFB): Unicode breaks
 *  before and after each, whatever their neighbours (GB4, GB5). Not simple:
 *  they count as what they are, not as simple text. A run of them (U+FEFF
 *  repeated, 256 KB pasted under a gb18030 limit) took 1.3-1.5 s through the
 *  segmenter on a loaded machine; 70-190 ms so. */
const isBreakingFormat = (u) =>
  u === 0x200b ||
  u === 0x200e ||
  u === 0x200f ||
  (u >= 0x2028 && u <= 0x202e) ||
  (u >= 0x2060 && u <= 0x206f) ||
  u === 0xfeff ||
  (u >= 0xfff0 && u <= 0xfffb);

/** Whether `i` (a scalar start strictly inside a run) is certainly a cluster boundary. */
function isCertainBoundary(s, i) {
  const before = scalarStartBefore(s, i);
  return (
    (simpleAt(s, i) && simpleAt(s, before)) ||
    isBreakingFormat(s.charCodeAt(i)) ||
    isBreakingFormat(s.charCodeAt(before))
  );
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
    const u = s.charCodeAt(i);
    if (u === 0x0d) {
      // Unicode breaks before and after a CR, but CR LF (GB3-GB5); the other controls are simple.
      const e = i + 1 < end && s.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
      if (body(i, e, false) === false) return;
      i = e;
      if (i < end) current = simpleAt(s, i);
      continue;
    }
    if (isBreakingFormat(u)) {
      if (body(i, i + 1, false) === false) return;
      i += 1;
      if (i < end) current = simpleAt(s, i);
      continue;
    }
    const j = i + scalarLength(s, i);
    const next = j < end ? simpleAt(s, j) : true;
    if (current && (next || s.charCodeAt(j) === 0x0d || isBreakingFormat(s.charCodeAt(j)))) {
      if (body(i, j, true) === false) return;
      i = j;
      current = next;
      continue;
    }
    if (current && j < end && isDiacritic(s.charCodeAt(j)) && !isControl(s.charCodeAt(i))) {
      // A letter and combining diacritics (U+0300-U+036F, all Extend), before
      // a simple scalar or the end: one cluster, found without the segmenter,
      // which costs ten times more per cluster (text in a language written
      // with diacritics, or made of them).
      let m = j + 1;
      while (m < end && isDiacritic(s.charCodeAt(m))) m += 1;
      if (m === end || simpleAt(s, m) || isControl(s.charCodeAt(m))) {
        if (body(i, m, false) === false) return;
        i = m;
        if (i < end) current = simpleAt(s, i);
        continue;
      }
    }
    // A chunk of at least MIN_CHUNK units: each call of the segmenter costs
    // as much as a few dozen clusters, and short chunks between simple pairs
    // (U+FFFD, control, space, again and again) would pay it per cluster.
    let k = chunkEnd(s, j, end);
    while (k < end && k - i < MIN_CHUNK) k = chunkEnd(s, k + scalarLength(s, k), end);
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

/** The shortest chunk `forEachCluster` gives the segmenter, unless the text ends first. */
const MIN_CHUNK = 16;

/** The window `segmentChunk` gives Intl.Segmenter at a time, in UTF-16 units. */
const WINDOW = 1024;

/** Calls `body(start, end)` for each cluster of the chunk `s[start..<end]`,
 *  which starts and ends on a boundary; `body` returns false to stop.
 *  V8's Intl.Segmenter takes time quadratic in the length of the string it
 *  segments (40,000 emoji in one string: 24 s), so the chunk is given to it a
 *  window at a time: each window starts on a boundary, and its last cluster,
 *  which the window may cut, is segmented again at the start of the next
 *  (a window holding a single cluster doubles until the cluster ends in it). */
function segmentChunk(s, start, end, body) {
  let at = start,
    window = WINDOW;
  while (at < end) {
    const stop = Math.min(end, at + window);
    const last = stop === end;
    let from = at,
      pending = -1;
    for (const { segment } of segmenter.segment(s.slice(at, stop))) {
      if (pending >= 0 && body(from, pending) === false) return;
      if (pending >= 0) from = pending;
      pending = from + segment.length;
    }
    // The window's last cluster: whole at the chunk's end, or when more than one cluster was found before it.
    if (last) {
      if (body(from, pending) === false) return;
      return;
    }
    if (from === at) {
      window *= 2; // one cluster fills the window: it may go on past it
      continue;
    }
    at = from;
    window = WINDOW;
  }
}

/** The number of clusters in `s[start..<end]`. */
export function clusterCount(s, start, end) {
  let n = 0;
  forEachCluster(s, start, end, () => {
    n += 1;
  });
  return n;
}

/** The cluster lengths of the smallest chunk between certain boundaries around `i`. */
function chunkAround(s, i, runStart, runEnd) {
  let start = roundDownToScalar(s, i);
  while (start > runStart && !isCertainBoundary(s, start)) start = scalarStartBefore(s, start);
  let end = roundDownToScalar(s, i);
  if (end === start && end < runEnd) end += scalarLength(s, end);
  end = chunkEnd(s, end, runEnd);
  const lengths = [];
  forEachCluster(s, start, end, (a, b) => {
    lengths.push(b - a);
  });
  return { start, lengths };
}

/** The cluster boundary at or before `i` inside the run `[runStart, runEnd)`. */
export function boundaryAtOrBefore(s, i, runStart, runEnd) {
  if (i <= runStart) return runStart;
  if (i >= runEnd) return runEnd;
  const { start, lengths } = chunkAround(s, i, runStart, runEnd);
  let k = start;
  for (const length of lengths) {
    if (k + length > i) return k;
    k += length;
  }
  return k;
}

/** The cluster boundary at or after `i` inside the run `[runStart, runEnd)`. */
export function boundaryAtOrAfter(s, i, runStart, runEnd) {
  const down = boundaryAtOrBefore(s, i, runStart, runEnd);
  if (down === i) return i;
  const { start, lengths } = chunkAround(s, i, runStart, runEnd);
  let k = start;
  for (const length of lengths) {
    k += length;
    if (k >= i) return k;
  }
  return k;
}

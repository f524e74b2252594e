// Owns: NFC (Unicode normalization, UAX #15) of our own, from Unicode 18.0's
// data (normalization-table.js, generated from the UCD), the mirror of the
// Swift core's Normalization: a browser's `normalize()` is its own ICU's
// Unicode version, and Foundation's NFC on the server is wrong beyond U+FFFF.
// Also the machinery NFKC shares (compatibility.js adds its decompositions).
//
// In time linear in the text: one pass decomposes (full canonical mappings,
// Hangul by the algorithm), each run of combining marks out of order is put
// in canonical order (a few by insertion, more by a counting sort by class:
// engines' insertion sort is quadratic in a long run), and one pass composes
// (each mark with the last starter unless blocked; Hangul L V T by the
// algorithm). A text whose scalars neither decompose nor compose with the one
// before, with its marks in order, is returned as it is, without a copy.

import { canonicalDecompositions, combiningClasses } from './normalization-table.js';
import { IntList, Room, scalarAt } from './int-list.js';

/** Below this the flat tables answer; above, only the CJK compatibility ideographs (singletons) have data. */
const FLAT_END = 0x20000;
export const DECOMPOSES = 1; // a canonical decomposition
export const COMPOSES_AFTER = 2; // may compose with the scalar before it (NFC_QC Maybe)
export const COMPATIBLE = 4; // a compatibility decomposition (compatibility.js sets it)

const SBASE = 0xac00,
  LBASE = 0x1100,
  VBASE = 0x1161,
  TBASE = 0x11a7,
  LCOUNT = 19,
  VCOUNT = 21,
  TCOUNT = 28,
  SCOUNT = LCOUNT * VCOUNT * TCOUNT;

const classes = new Uint8Array(FLAT_END);
for (const entry of combiningClasses.split(' ')) {
  const [range, k] = entry.split(':');
  const [first, last = first] = range.split('-').map((x) => Number.parseInt(x, 16));
  classes.fill(Number(k), first, last + 1);
}

/** Each scalar's flags (DECOMPOSES, COMPOSES_AFTER, COMPATIBLE) below FLAT_END. */
export const flags = new Uint8Array(FLAT_END);

/** The one-level mappings of a table string: [code, mapping, composes] each. */
export function parseMappings(text) {
  return text.split(' ').map((entry) => {
    const composes = entry.includes('=');
    const [code, mapping] = entry.split(composes ? '=' : '>');
    return [Number.parseInt(code, 16), mapping.split('.').map((x) => Number.parseInt(x, 16)), composes];
  });
}

const canonicalMapping = new Map(); // one level
const composites = new Map(); // first * 0x110000 + second -> the primary composite
for (const [code, mapping, composes] of parseMappings(canonicalDecompositions)) {
  canonicalMapping.set(code, mapping);
  if (code < FLAT_END) flags[code] |= DECOMPOSES;
  if (composes) composites.set(mapping[0] * 0x110000 + mapping[1], code);
}
for (const key of composites.keys()) flags[key % 0x110000] |= COMPOSES_AFTER;
flags.fill(COMPOSES_AFTER, VBASE, VBASE + VCOUNT);
flags.fill(COMPOSES_AFTER, TBASE + 1, TBASE + TCOUNT);

/** `code` fully decomposed by `one` (a one-level mapping), recursively; undefined if it has none. */
export function expanded(code, one) {
  const mapping = one(code);
  if (!mapping) return undefined;
  return mapping.flatMap((c) => expanded(c, one) ?? [c]);
}

/** Each scalar's full canonical decomposition (Hangul apart). */
export const canonical = new Map();
for (const code of canonicalMapping.keys())
  canonical.set(
    code,
    expanded(code, (c) => canonicalMapping.get(c)),
  );

/** The canonical combining class of `c`. */
export const combiningClass = (c) => (c < FLAT_END ? classes[c] : 0);
/** `c`'s flags (DECOMPOSES, COMPOSES_AFTER, COMPATIBLE), above FLAT_END too. */
export const flagsOf = (c) => (c < FLAT_END ? flags[c] : c >= 0x2f800 && c <= 0x2fa1d ? DECOMPOSES : 0);

/** The primary composite of `a` then `b`, or undefined (Hangul by the algorithm). */
function composite(a, b) {
  if (a >= LBASE && a < LBASE + LCOUNT && b >= VBASE && b < VBASE + VCOUNT)
    return SBASE + ((a - LBASE) * VCOUNT + (b - VBASE)) * TCOUNT;
  if (a >= SBASE && a < SBASE + SCOUNT && (a - SBASE) % TCOUNT === 0 && b > TBASE && b < TBASE + TCOUNT)
    return a + (b - TBASE);
  return composites.get(a * 0x110000 + b);
}

/** Whether `s[start..<end]` is as NFC (or, with COMPATIBLE in `mask`, NFKC) leaves it, by the quick check:
 *  no scalar that decomposes or may compose with the one before, marks in canonical order. */
function isQuickYes(s, start, end, mask) {
  let last = 0;
  for (let i = start; i < end; ) {
    const c = scalarAt(s, i, end);
    // Nothing below U+00A0 decomposes, composes or has a class.
    if (c >= 0xa0) {
      if (flagsOf(c) & mask) return false;
      const k = combiningClass(c);
      if (k !== 0 && last > k) return false;
      last = k;
    } else {
      last = 0;
    }
    i += c > 0xffff ? 2 : 1;
  }
  return true;
}

/** `s` normalized: decomposed by `decomposition(c)` (full, or undefined), put in canonical order,
 *  composed. `mask`: the flags that send a text through it. */
export function normalized(s, decomposition, mask) {
  if (isQuickYes(s, 0, s.length, mask)) return s;
  const points = new IntList(s.length + 16);
  appendNormalized(points, s, 0, s.length, decomposition, mask);
  const view = points.view();
  let out = '';
  for (let k = 0; k < view.length; k += 4096) out += String.fromCodePoint(...view.subarray(k, k + 4096));
  return out;
}

/** Appends to `points` (an IntList) the code points of `s[start..<end]`
 *  normalized as `normalized` does it, without making the string: a count
 *  weighs a cluster's NFC form by its code points, and a cluster may be a
 *  base and 100,000s of marks (as a string and arrays of numbers, each pass
 *  over one made ~8 MB of large objects, a request four passes). */
export function appendNormalized(points, s, start, end, decomposition, mask) {
  const from = points.length;
  if (isQuickYes(s, start, end, mask)) {
    for (let i = start; i < end; ) {
      const c = scalarAt(s, i, end);
      points.push(c);
      i += c > 0xffff ? 2 : 1;
    }
    return;
  }
  let runStart = from; // where the current run of non-starters starts in `points`
  let ordered = true;
  const push = (c) => {
    const k = combiningClass(c);
    if (k === 0) {
      if (!ordered) putInOrder(points.array, runStart, points.length);
      ordered = true;
      runStart = points.length + 1;
    } else if (points.length > runStart && combiningClass(points.array[points.length - 1]) > k) {
      ordered = false;
    }
    points.push(c);
  };
  for (let i = start; i < end; ) {
    const c = scalarAt(s, i, end);
    i += c > 0xffff ? 2 : 1;
    if (c >= SBASE && c < SBASE + SCOUNT) {
      const index = c - SBASE;
      push(LBASE + Math.floor(index / (VCOUNT * TCOUNT)));
      push(VBASE + (Math.floor(index / TCOUNT) % VCOUNT));
      if (index % TCOUNT) push(TBASE + (index % TCOUNT));
      continue;
    }
    const mapping = c >= 0xa0 ? decomposition(c) : undefined;
    if (mapping) for (const d of mapping) push(d);
    else push(c);
  }
  if (!ordered) putInOrder(points.array, runStart, points.length);
  points.length = compose(points.array, from, points.length);
}

/** Composes `points[from..<to]` (decomposed, in canonical order) in place; its new end. */
function compose(points, from, to) {
  let starter = -1,
    lastClass = 0,
    out = from;
  for (let i = from; i < to; i++) {
    const c = points[i];
    const k = combiningClass(c);
    // Not blocked: next to the starter, or every mark between of a lower class (they are in order).
    if (starter >= 0 && (out === starter + 1 || (lastClass !== 0 && lastClass < k))) {
      const p = composite(points[starter], c);
      if (p !== undefined) {
        points[starter] = p;
        continue;
      }
    }
    if (k === 0) starter = out;
    lastClass = k;
    points[out++] = c;
  }
  return out;
}

/** The counting sort's room (int-list.js Room): a run of marks as long as the text is sorted on each pass. */
const sortRoom = new Room();

/** Stably sorts `points[from..<to]`, a run of marks, by combining class: a few
 *  by insertion, more each put after the marks of lower classes and of its
 *  class before it (a counting sort, as classes are below 256), so linear. */
function putInOrder(points, from, to) {
  const n = to - from;
  if (n <= 8) {
    for (let j = from + 1; j < to; j++) {
      const c = points[j],
        k = combiningClass(c);
      let at = j;
      for (; at > from && combiningClass(points[at - 1]) > k; at--) points[at] = points[at - 1];
      points[at] = c;
    }
    return;
  }
  const start = new Uint32Array(257);
  for (let j = from; j < to; j++) start[combiningClass(points[j]) + 1]++;
  for (let k = 1; k <= 256; k++) start[k] += start[k - 1];
  const sorted = sortRoom.take(n);
  for (let j = from; j < to; j++) sorted[start[combiningClass(points[j])]++] = points[j];
  points.set(sorted.subarray(0, n), from);
}

const canonicalOf = (c) => canonical.get(c);

/** The NFC form of `s`. */
export const nfc = (s) => normalized(s, canonicalOf, DECOMPOSES | COMPOSES_AFTER);

/** Whether `s[start..<end]` is in NFC by the quick check (NFC leaves it as it is). */
export const isNFC = (s, start, end) => isQuickYes(s, start, end, DECOMPOSES | COMPOSES_AFTER);

/** Appends to `points` (an IntList) the code points of the NFC form of `s[start..<end]` (`appendNormalized`). */
export const appendNFC = (points, s, start, end) =>
  appendNormalized(points, s, start, end, canonicalOf, DECOMPOSES | COMPOSES_AFTER);

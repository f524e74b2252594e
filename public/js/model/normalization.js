// Owns: NFC (Unicode normalization, UAX #15) of our own, from Unicode 17.0's
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
const flagsOf = (c) => (c < FLAT_END ? flags[c] : c >= 0x2f800 && c <= 0x2fa1d ? DECOMPOSES : 0);

/** The primary composite of `a` then `b`, or undefined (Hangul by the algorithm). */
function composite(a, b) {
  if (a >= LBASE && a < LBASE + LCOUNT && b >= VBASE && b < VBASE + VCOUNT)
    return SBASE + ((a - LBASE) * VCOUNT + (b - VBASE)) * TCOUNT;
  if (a >= SBASE && a < SBASE + SCOUNT && (a - SBASE) % TCOUNT === 0 && b > TBASE && b < TBASE + TCOUNT)
    return a + (b - TBASE);
  return composites.get(a * 0x110000 + b);
}

/** Whether `s` is as NFC (or, with COMPATIBLE in `mask`, NFKC) leaves it, by the quick check:
 *  no scalar that decomposes or may compose with the one before, marks in canonical order. */
function isQuickYes(s, mask) {
  let last = 0;
  for (let i = 0; i < s.length; ) {
    const c = s.codePointAt(i);
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
  if (isQuickYes(s, mask)) return s;
  const points = [];
  let runStart = 0; // where the current run of non-starters starts in `points`
  let ordered = true;
  const push = (c) => {
    const k = combiningClass(c);
    if (k === 0) {
      if (!ordered) putInOrder(points, runStart);
      ordered = true;
      runStart = points.length + 1;
    } else if (points.length > runStart && combiningClass(points[points.length - 1]) > k) {
      ordered = false;
    }
    points.push(c);
  };
  for (let i = 0; i < s.length; ) {
    const c = s.codePointAt(i);
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
  if (!ordered) putInOrder(points, runStart);
  const length = compose(points);
  let out = '';
  for (let k = 0; k < length; k += 4096) out += String.fromCodePoint(...points.slice(k, Math.min(length, k + 4096)));
  return out;
}

/** Composes `points` (decomposed, in canonical order) in place; the new length. */
function compose(points) {
  let starter = -1,
    lastClass = 0,
    out = 0;
  for (let i = 0; i < points.length; i++) {
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

/** Stably sorts `points[from...]`, a run of marks, by combining class: a few
 *  by insertion, more each put after the marks of lower classes and of its
 *  class before it (a counting sort, as classes are below 256), so linear. */
function putInOrder(points, from) {
  const n = points.length - from;
  if (n <= 8) {
    for (let j = from + 1; j < points.length; j++) {
      const c = points[j],
        k = combiningClass(c);
      let at = j;
      for (; at > from && combiningClass(points[at - 1]) > k; at--) points[at] = points[at - 1];
      points[at] = c;
    }
    return;
  }
  const start = new Uint32Array(257);
  for (let j = from; j < points.length; j++) start[combiningClass(points[j]) + 1]++;
  for (let k = 1; k <= 256; k++) start[k] += start[k - 1];
  const sorted = new Array(n);
  for (let j = from; j < points.length; j++) sorted[start[combiningClass(points[j])]++] = points[j];
  for (let j = 0; j < n; j++) points[from + j] = sorted[j];
}

/** The NFC form of `s`. */
export const nfc = (s) => normalized(s, (c) => canonical.get(c), DECOMPOSES | COMPOSES_AFTER);

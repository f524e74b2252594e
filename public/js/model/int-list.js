// Owns: a list of integers in a typed array that grows as it is filled: the
// model's tables of one entry per cluster or code point (a unit's end and
// length, a URL finder's code points), 4 bytes an entry where an array of
// small objects took about 50 (a weighted paste of 1 MB of `a.co ` grew the
// heap by ~300 MB); and a text's code points read from it (`codePoints`,
// `scalarAt`), a run's end bounding them.

export class IntList {
  /** `capacity`: how many entries to make room for first (the list doubles past it). */
  constructor(capacity = 16) {
    this.array = new Int32Array(Math.max(1, capacity));
    this.length = 0;
  }

  push(value) {
    if (this.length === this.array.length) {
      const grown = new Int32Array(this.array.length * 2);
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.length++] = value;
  }

  /** Empties the list, keeping its room. */
  clear() {
    this.length = 0;
  }

  /** The entries as a view (no copy): valid until the next push. */
  view() {
    return this.array.subarray(0, this.length);
  }

  /** The entries in an array of their own, of their size (the room left over freed). */
  trimmed() {
    return this.array.slice(0, this.length);
  }
}

/** The scalar at `i` of a text that ends at `end` (a high surrogate last is one alone). */
export function scalarAt(s, i, end) {
  const c = s.codePointAt(i);
  return c > 0xffff && i + 1 >= end ? s.charCodeAt(i) : c;
}

/** The code points of `s[start..<end]` (a lone surrogate is one): a
 *  Uint16Array where they are all under U+10000, else an Int32Array. */
export function codePoints(s, start = 0, end = s.length) {
  let astral = false;
  for (let i = start; i < end && !astral; i++) astral = (s.charCodeAt(i) & 0xf800) === 0xd800;
  const out = astral ? new Int32Array(end - start) : new Uint16Array(end - start);
  let n = 0;
  for (let i = start; i < end; ) {
    const c = scalarAt(s, i, end);
    out[n++] = c;
    i += c > 0xffff ? 2 : 1;
  }
  return out.subarray(0, n);
}

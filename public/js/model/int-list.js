// Owns: a list of integers in a typed array that grows as it is filled: the
// model's tables of one entry per cluster or code point (a unit's end and
// length, a URL finder's code points), 4 bytes an entry where an array of
// small objects took about 50 (a weighted paste of 1 MB of `a.co ` grew the
// heap by ~300 MB).

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

/** The code points of `s` (a lone surrogate is one): a Uint16Array where
 *  they are all under U+10000, else an Int32Array. */
export function codePoints(s) {
  const out = /[\uD800-\uDFFF]/.test(s) ? new Int32Array(s.length) : new Uint16Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; ) {
    const c = s.codePointAt(i);
    out[n++] = c;
    i += c > 0xffff ? 2 : 1;
  }
  return out.subarray(0, n);
}

// Owns: a list of integers in a typed array that grows as it is filled: the
// model's tables of one entry per cluster or code point (a unit's end and
// length, a URL finder's code points), 4 bytes an entry where an array of
// small objects took about 50 (a weighted paste of 1 MB of `a.co ` grew the
// heap by ~300 MB); and a text's code points read from it (`codePoints`,
// `scalarAt`), a run's end bounding them.

/** Room for an array that each pass over a text makes anew (a request makes
 *  three or four passes): the last one, kept for the next pass through a
 *  WeakRef, so that the collector takes it at its next full collection and
 *  no request leaves its room held. Made anew each pass, an array the size
 *  of the text lived long enough to be promoted to the old generation and
 *  stayed there, dead, until a full collection (~4 MB a pass over 512 KiB
 *  of short URLs). One user at a time: what `take` gives is valid until the
 *  room's next `take`. */
export class Room {
  constructor(Type = Int32Array) {
    this.Type = Type;
    this.kept = null;
  }

  /** An array of at least `size` entries, holding anything. Made with an
   *  eighth more room: the passes of an edit read texts a little apart. */
  take(size) {
    let array = this.kept?.deref();
    if (!array || array.length < size) {
      array = new this.Type(size + (size >> 3) + 16);
      this.kept = new WeakRef(array);
    }
    return array;
  }
}

export class IntList {
  /** `capacity`: how many entries to make room for first (the list doubles
   *  past it); `room`, if given, a Room its arrays are taken from (its view is
   *  then valid until the room's next use). */
  constructor(capacity = 16, room = null) {
    this.room = room;
    this.array = room ? room.take(capacity) : new Int32Array(Math.max(1, capacity));
    this.length = 0;
  }

  push(value) {
    if (this.length === this.array.length) {
      const size = this.array.length * 2;
      const grown = this.room ? this.room.take(size) : new Int32Array(size);
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
 *  Uint16Array where they are all under U+10000, else an Int32Array; taken
 *  from `room` if given (a Room of Int32Array: the Uint16Array a view of
 *  its memory, so that one room serves the passes of a request whichever
 *  texts they read). */
export function codePoints(s, start = 0, end = s.length, room = null) {
  let astral = false;
  for (let i = start; i < end && !astral; i++) astral = (s.charCodeAt(i) & 0xf800) === 0xd800;
  const size = end - start;
  let out;
  if (!room) out = astral ? new Int32Array(size) : new Uint16Array(size);
  else if (astral) out = room.take(size);
  else out = new Uint16Array(room.take((size + 1) >> 1).buffer, 0, size);
  let n = 0;
  for (let i = start; i < end; ) {
    const c = scalarAt(s, i, end);
    out[n++] = c;
    i += c > 0xffff ? 2 : 1;
  }
  return out.subarray(0, n);
}

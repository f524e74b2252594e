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
 *  room's next `take`.
 *
 *  A room that grows frees the array it outgrew at once (`freeMemory`): a
 *  WeakRef holds its target to the end of the task that made or read it
 *  (the whole request), so each smaller array a request outgrew stayed with
 *  it to its end (a list grown by doubling, twice its size; the tables of a
 *  half-text pass, then the whole text's: 5-7 MB of 14 at 512 KiB). */
export class Room {
  /** `Type`: the array's constructor (of one argument, its length); `free`,
   *  how to free one (its `buffer`, for a typed array). */
  constructor(Type = Int32Array, free = (array) => freeMemory(array.buffer)) {
    this.Type = Type;
    this.free = free;
    this.kept = null;
  }

  /** An array of at least `size` entries, holding anything, or, given
   *  `keeping` (the room's last array, as its user has it), its entries
   *  first. Made with a 64th more room: the passes of an edit read texts
   *  a little apart (by the insert). An eighth more was 1.5x the body of
   *  peak heap growth where the text is two bytes a character to V8 (a
   *  paste at the start of 512 KiB of `ab.` after a `中`: 20.2x > 18.7x);
   *  a room outgrown costs a new array, the old one freed (`freeMemory`). */
  take(size, keeping = null) {
    const last = this.kept?.deref();
    if (last && last.length >= size) return last;
    // Freed before the new one is made, unless its entries are wanted.
    if (last && !keeping) this.free(last);
    const array = new this.Type(size + (size >> 6) + 16);
    if (keeping) {
      array.set(keeping);
      if (last) this.free(last);
    }
    this.kept = new WeakRef(array);
    return array;
  }
}

/** Frees the memory of `buffer` now (it is detached: any view of it reads
 *  as empty), not at the collector's next full collection: transferred to
 *  an array of length 0 where the engine can (ES2024), else to a clone no
 *  one holds, which the next young collection takes. One under 64 KiB is
 *  left to the collector (the clone costs ~6 us in node). */
export function freeMemory(buffer) {
  if (buffer.byteLength < 1 << 16) return;
  if (buffer.transfer) buffer.transfer(0);
  else if (typeof structuredClone === 'function') structuredClone(buffer, { transfer: [buffer] });
}

/** The room of a run's code points, NFC or as they are: the weighted
 *  count's (lengths.js `urlRunLengths`) and an insert cut's URL spans
 *  (urls.js `urlSpans`), one after the other, never at once. In rooms of
 *  their own, each kept its array of the text's size to the end of the
 *  request. */
export const runPointsRoom = new Room();

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
      if (this.room) {
        this.array = this.room.take(size, this.array);
      } else {
        const grown = new Int32Array(size);
        grown.set(this.array);
        this.array = grown;
      }
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
 *  texts they read), with room for `reserve` code points under U+10000 at
 *  least (2 bytes each). */
export function codePoints(s, start = 0, end = s.length, room = null, reserve = 0) {
  let astral = false;
  for (let i = start; i < end && !astral; i++) astral = (s.charCodeAt(i) & 0xf800) === 0xd800;
  const size = end - start;
  let out;
  if (!room) out = astral ? new Int32Array(size) : new Uint16Array(size);
  else if (astral) out = room.take(Math.max(size, (reserve + 1) >> 1));
  else out = new Uint16Array(room.take((Math.max(size, reserve) + 1) >> 1).buffer, 0, size);
  let n = 0;
  for (let i = start; i < end; ) {
    const c = scalarAt(s, i, end);
    out[n++] = c;
    i += c > 0xffff ? 2 : 1;
  }
  return out.subarray(0, n);
}

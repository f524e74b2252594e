// Owns: plain text with `[tag]` codes seen as the user sees it, the mirror of
// the Swift core's TextBackedString: each known code is one sticker counting
// 1 in display offsets, in either unit (`utf16` or `grapheme`), and every
// range snaps to whole units (a sticker or a grapheme cluster).
//
// A position is a UTF-16 index into the plain text (Swift uses UTF-8 byte
// offsets; both are always at scalar boundaries, except the transient
// "inside a surrogate pair" position that snapping rounds either way).

import { scanCodes } from './scanner.js';
import { forEachCluster, clusterCount, boundaryAtOrBefore } from './graphemes.js';
import { isEmojiCluster } from './emoji.js';
import { IntList } from './int-list.js';

/** The most cluster starts `positionMovingBackward` keeps (a move of more counts the run first). */
const RING = 1024;

export const OffsetUnit = Object.freeze({ utf16: 'utf16', grapheme: 'grapheme' });

export class TextBackedString {
  constructor(text, catalog) {
    this.text = text;
    this.catalog = catalog;
    /** Its stickers, in order (scanner.js's `CodeSpans`). */
    this.spans = scanCodes(text, catalog);
  }

  /** Calls `body(start, end, span)` for each text run (span null) and
   *  sticker (span `{start, end, entry}`, one object for every sticker of a
   *  pass, good until `body` returns: a text of short codes made one per
   *  sticker and pass), in order; false stops. */
  forEachItem(body) {
    const { starts, ends } = this.spans;
    const span = { start: 0, end: 0, entry: null };
    let position = 0;
    for (let i = 0; i < starts.length; i++) {
      if (position < starts[i] && body(position, starts[i], null) === false) return;
      span.start = starts[i];
      span.end = ends[i];
      span.entry = this.spans.entry(i);
      if (body(starts[i], ends[i], span) === false) return;
      position = ends[i];
    }
    if (position < this.text.length) body(position, this.text.length, null);
  }

  /** The index of the first span ending after `position`. */
  firstSpanEndingAfter(position) {
    const { ends } = this.spans;
    let lo = 0,
      hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] <= position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The sticker span with `position` strictly inside it (`{start, end, entry}`), or null. */
  spanContaining(position) {
    const i = this.firstSpanEndingAfter(position);
    return i < this.spans.length && this.spans.starts[i] < position ? this.spans.at(i) : null;
  }

  /** The text run (between stickers) around `position`: `[start, end]`. */
  runAround(position) {
    const i = this.firstSpanEndingAfter(position);
    const { starts, ends } = this.spans;
    return [i > 0 ? ends[i - 1] : 0, i < starts.length ? starts[i] : this.text.length];
  }

  // ---- Display offsets

  runDisplayLength(start, end, unit) {
    return unit === OffsetUnit.utf16 ? end - start : clusterCount(this.text, start, end);
  }

  /** The length the user sees: stickers count 1. */
  displayLength(unit) {
    return this.displayOffsetOf(this.text.length, unit);
  }

  /** The position of a display offset, or null if out of range. An offset
   *  inside a surrogate pair gives the position between its halves. */
  positionOfDisplayOffset(offset, unit) {
    if (offset < 0) return null;
    if (offset === 0) return 0;
    let result = null,
      acc = 0;
    this.forEachItem((start, end, span) => {
      if (span) {
        acc += 1;
        if (acc === offset) {
          result = end;
          return false;
        }
        return true;
      }
      if (unit === OffsetUnit.utf16) {
        if (acc + (end - start) >= offset) {
          result = start + (offset - acc);
          return false;
        }
        acc += end - start;
        return true;
      }
      forEachCluster(this.text, start, end, (_, clusterEnd) => {
        acc += 1;
        if (acc === offset) {
          result = clusterEnd;
          return false;
        }
        return true;
      });
      return result === null;
    });
    return result;
  }

  /** The display offset of a position (a position inside a sticker counts as its start). */
  displayOffsetOf(position, unit) {
    let acc = 0;
    this.forEachItem((start, end, span) => {
      if (start >= position) return false;
      if (span) {
        if (end <= position) acc += 1;
        return end < position;
      }
      const stop = Math.min(end, position);
      acc += this.runDisplayLength(start, stop, unit);
      return stop < position;
    });
    return acc;
  }

  // ---- Whole units

  /** The unit boundary at or before `position`. */
  snapDown(position) {
    const span = this.spanContaining(position);
    if (span) return span.start;
    const [start, end] = this.runAround(position);
    return this.boundaryAtOrBefore(position, start, end);
  }

  /** The cluster boundary at or before `position` in the run `[start, end)`.
   *  Whether a position is a boundary depends on the text before it and the
   *  scalar at it only, so the run is cut after that scalar: graphemes.js
   *  segments the chunk around the position to its end, which in a run of
   *  emoji is the rest of the run. */
  boundaryAtOrBefore(position, start, end) {
    const text = this.text;
    const high = text.charCodeAt(position);
    const after =
      position + (high >= 0xd800 && high <= 0xdbff && (text.charCodeAt(position + 1) & 0xfc00) === 0xdc00 ? 2 : 1);
    return boundaryAtOrBefore(text, position, start, Math.min(end, after));
  }

  /** The unit boundary at or after `position`: the end of the cluster that
   *  starts at the boundary before it, found by segmenting from there as far
   *  as that cluster goes (`boundaryAtOrAfter` segments the chunk around the
   *  position again, which in a run of emoji is the whole run). */
  snapUp(position) {
    const span = this.spanContaining(position);
    if (span) return span.end;
    const [start, end] = this.runAround(position);
    const down = this.boundaryAtOrBefore(position, start, end);
    return down === position ? position : this.clusterEndFrom(down, end);
  }

  /** The end of the cluster that starts at the boundary `position` of a run ending at `end`. */
  clusterEndFrom(position, end) {
    let clusterEnd = end;
    forEachCluster(this.text, position, end, (_, e) => {
      clusterEnd = e;
      return false;
    });
    return clusterEnd;
  }

  /** The whole unit (sticker or cluster) ending at the boundary `position`: `[start, end]` or null. */
  unitBefore(position) {
    if (position <= 0) return null;
    const span = this.spanContaining(position - 1);
    if (span) return [span.start, span.end];
    const [start, end] = this.runAround(position - 1);
    return [this.boundaryAtOrBefore(position - 1, start, end), position];
  }

  /** The whole unit starting at the boundary `position`: `[start, end]` or null. */
  unitAfter(position) {
    if (position >= this.text.length) return null;
    const span = this.spanContaining(position + 1);
    if (span) return [span.start, span.end];
    const [, end] = this.runAround(position);
    return [position, this.clusterEndFrom(position, end)];
  }

  /** The boundary `count` whole units after `position` (a boundary), or the
   *  text's end: the text after it segmented once, as far as the move goes
   *  (see TextBackedString.position(movingForward:from:) in Swift). */
  positionMovingForward(count, position) {
    if (count <= 0) return position;
    let remaining = count,
      result = position;
    this.forEachItem((start, end, span) => {
      if (end <= position) return true;
      if (span) {
        result = end;
        return --remaining > 0;
      }
      forEachCluster(this.text, Math.max(start, position), end, (_, clusterEnd) => {
        result = clusterEnd;
        return --remaining > 0;
      });
      return remaining > 0;
    });
    return result;
  }

  /** The boundary `count` whole units before `position` (a boundary), or 0:
   *  each run segmented from its start, as far back as the move goes. No
   *  list of a run's cluster starts is made (4 bytes a cluster, and the
   *  list's growing: 5.6 MB for 512 KiB of `a.`): a short move keeps the
   *  last starts it needs in a ring; a longer one counts the run's clusters
   *  and, where it ends inside the run, segments it again to that cluster. */
  positionMovingBackward(count, position) {
    let remaining = count,
      result = position;
    while (remaining > 0 && result > 0) {
      const span = this.spanContaining(result - 1);
      if (span) {
        result = span.start;
        remaining -= 1;
        continue;
      }
      const [start] = this.runAround(result - 1);
      const end = result;
      if (remaining <= RING) {
        // The last `remaining` cluster starts, the oldest at ring[seen % remaining].
        const ring = new Int32Array(remaining);
        let seen = 0;
        forEachCluster(this.text, start, end, (clusterStart) => {
          ring[seen++ % remaining] = clusterStart;
        });
        result = remaining > seen ? start : ring[seen % remaining];
        remaining = Math.max(0, remaining - seen);
        continue;
      }
      let clusters = 0;
      forEachCluster(this.text, start, end, () => {
        clusters += 1;
      });
      if (remaining >= clusters) {
        remaining -= clusters;
        result = start;
        continue;
      }
      let k = clusters - remaining;
      forEachCluster(this.text, start, end, (clusterStart) => {
        result = clusterStart;
        return k-- > 0;
      });
      remaining = 0;
    }
    return result;
  }

  /** The end of each whole unit (sticker or grapheme cluster), in order (an Int32Array). */
  unitEnds() {
    const ends = new IntList(this.text.length);
    this.forEachItem((start, end, span) => {
      if (span) ends.push(end);
      else
        forEachCluster(this.text, start, end, (_, clusterEnd) => {
          ends.push(clusterEnd);
        });
    });
    return ends.view();
  }

  /** The emoji clusters that overlap `[start, end)`: `[[start, end]]`. */
  emojiClusters(from, to) {
    const found = [];
    if (from >= to) return found;
    this.forEachItem((start, end, span) => {
      if (start >= to) return false;
      if (span || end <= from) return true;
      forEachCluster(this.text, start, end, (a, b, simple) => {
        if (a >= to) return false;
        if (b > from && !simple && isEmojiCluster(this.text, a, b)) found.push([a, b]);
        return true;
      });
      return true;
    });
    return found;
  }

  /** The text without the given ranges (`[[start, end]]`, sorted, disjoint), built in one pass. */
  removing(ranges) {
    let kept = '',
      from = 0;
    for (const [start, end] of ranges) {
      kept += this.text.slice(from, start);
      from = end;
    }
    return new TextBackedString(kept + this.text.slice(from), this.catalog);
  }

  /** Positions of a display range `{location, length}`, widened to whole
   *  units (a caret snaps to the start of its unit); null if out of range. */
  positionsOf(range, unit) {
    if (range.length < 0) return null;
    const start = this.positionOfDisplayOffset(range.location, unit);
    const end = this.positionOfDisplayOffset(range.location + range.length, unit);
    if (start === null || end === null) return null;
    const lower = this.snapDown(start);
    return [lower, range.length === 0 ? lower : this.snapUp(end)];
  }

  /** A position range as a display range. */
  displayRangeOf([start, end], unit) {
    const location = this.displayOffsetOf(start, unit);
    return { location, length: this.displayOffsetOf(end, unit) - location };
  }

  /** The text with `[start, end)` replaced: this one where nothing is
   *  (an insert cut to nothing, an edit that keeps the text: a copy of the
   *  text, and its codes scanned again, each time). */
  replacing([start, end], replacement) {
    if (start === end && replacement === '') return this;
    return new TextBackedString(this.text.slice(0, start) + replacement + this.text.slice(end), this.catalog);
  }
}

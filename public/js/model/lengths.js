// Owns: the lengths of text in every counting mode (graphemes, utf16, utf8,
// gb18030, twitter-text weighted), the mirror of the Swift core's
// LengthCounting and TextBackedString.measure.
//
// Two tables load on demand: the GB18030 table (`loadGB18030()`; until then
// gb18030 lengths are `null`) and twitter-text's URL rule with its TLDs and
// our own NFC with its Unicode 18.0 data (normalization.js, the server's too:
// not the engine's `normalize()`) (`loadURLs()`; until then the weight of a
// text that may hold a URL, or that holds a cluster NFC may change (not
// simple nor an emoji), is `null`, and the loader starts on its own the first
// time one is seen). Only the weighted mode needs them, and they would be a
// fifth of what the page loads at startup.

import { forEachCluster, isSimple } from './graphemes.js';
import { isEmojiCluster } from './emoji.js';
import { IntList, Room, codePoints, runPointsRoom, scalarAt } from './int-list.js';

let twoByte = null; // Uint8Array over the BMP: 1 where GB18030 takes two bytes

/** Loads the GB18030 table (once); the gb18030 count mode needs it. */
export async function loadGB18030() {
  if (twoByte) return;
  const { twoByteRanges } = await import('./gb18030-table.js');
  const table = new Uint8Array(0x10000);
  for (let i = 0; i < twoByteRanges.length; i += 2) table.fill(1, twoByteRanges[i], twoByteRanges[i + 1] + 1);
  twoByte = table;
}

export const hasGB18030 = () => twoByte !== null;

let urls = null; // urls.js, once loaded
let normalization = null; // normalization.js, loaded with urls.js
let loadingURLs = null;

/** Loads twitter-text's URL rule and NFC (once); the weighted count of a
 *  text that may hold a URL, or a cluster NFC may change, needs them. */
export function loadURLs() {
  loadingURLs ??= Promise.all([import('./urls.js'), import('./normalization.js')]).then(([rule, forms]) => {
    normalization = forms;
    urls = rule;
  });
  return loadingURLs;
}

/** Whether s[start..<end] may hold a URL: a `.` followed by an ASCII letter or
 *  anything not ASCII (every TLD starts so). Reads the run alone: a search
 *  for the next `.` (indexOf) went on to the end of the whole text, for each
 *  run between two stickers (`'[ok]a'` repeated: quadratic, 3.6 s to count
 *  1 MB). */
export function mayHoldURL(s, start, end) {
  for (let i = start; i + 1 < end; i++) {
    if (s.charCodeAt(i) !== 0x2e) continue;
    const u = s.charCodeAt(i + 1);
    if (u >= 0x80 || ((u | 0x20) >= 0x61 && (u | 0x20) <= 0x7a)) return true;
  }
  return false;
}

/** Adds to `total` (returned) the lengths of the text run `s[start..<end]`
 *  (between stickers) as a count takes them: `measure`'s, `onEmoji(start,
 *  end)` called for each emoji cluster, and where the run holds URLs, a
 *  weight of 23 for each, found in the NFC text, the text around them weighed
 *  as `measure` weighs it. The weight is `null` where the run may hold a URL
 *  and the URL rule is not loaded yet (its loading starts). Where the run is
 *  in NFC and its URLs begin and end between clusters, `onURLs(spans)` is
 *  given them as `urlSpansIn` would find them (flat `[start, end, …]` UTF-16
 *  pairs). A run that cannot hold a URL adds its clusters to `total`, no
 *  object made for it (a text of short runs between stickers has one every
 *  few bytes). */
export function addRunLengths(total, s, start, end, onEmoji, onURLs) {
  if (!mayHoldURL(s, start, end)) return measureInto(total, s, start, end, onEmoji);
  return total.add(urlRunLengths(s, start, end, onEmoji, onURLs));
}

/** The rooms of `urlRunLengths`'s arrays, one for each: the URLs found in
 *  the run's code points (those in int-list.js `runPointsRoom`) and their
 *  UTF-16 ranges; and `nfcWeight`'s. */
const rooms = {
  found: new Room(),
  ranges: new Room(),
  cluster: new Room(),
};

/** The lengths `addRunLengths` adds for a run that may hold a URL. */
function urlRunLengths(s, start, end, onEmoji, onURLs) {
  if (!urls) {
    loadURLs();
    const lengths = measure(s, start, end, onEmoji);
    lengths.weight = null;
    return lengths;
  }
  // The run's NFC code points, never its NFC string: a run in NFC (the
  // quick check) is read as it is; else the NFC form is kept only as code
  // points, and is the run's own where they are the run's.
  // Its arrays are taken from rooms (int-list.js Room): what they hold is
  // used in this call alone, and what `onURLs` is given is a copy.
  // A run of a quarter of its text or more takes room for the whole text:
  // the passes of an edit read the text before and after it (a paste in
  // the middle of one long run: each half, then the whole), and a room that
  // grows holds both sizes to the next young collection (int-list.js Room).
  const reserve = 4 * (end - start) >= s.length ? s.length : 0;
  let points,
    same = normalization.isNFC(s, start, end);
  if (same) {
    points = codePoints(s, start, end, runPointsRoom, reserve);
  } else {
    const list = new IntList(Math.max(end - start, reserve) + 16, runPointsRoom);
    normalization.appendNFC(list, s, start, end);
    points = list.view();
    same = hasPoints(s, start, end, points);
  }
  // Where the run is its own NFC with no code point past U+FFFF, code point
  // k is at UTF-16 offset start + k: the URLs are kept as UTF-16 ranges
  // at once (no second array of them).
  const shift = same && points.length === end - start ? start : 0;
  const found = new IntList(16, rooms.found);
  // The runs are the text between stickers: one that does not begin the text follows a code.
  urls.forEachURL(
    points,
    (a, b) => {
      found.push(shift + a);
      found.push(shift + b);
    },
    undefined,
    reserve,
    start > 0,
  );
  const pairs = found.view();
  if (!pairs.length) {
    if (same) onURLs?.(new Int32Array(0));
    return measure(s, start, end, onEmoji);
  }
  // Text already in NFC whose URLs begin and end between clusters weighs
  // what its clusters do, less those of its URLs, plus 23 for each: one pass
  // over the run, where weighing the text between the URLs anew was another
  // (and each pass through the segmenter is most of a count's cost).
  const ranges = !same ? null : shift ? pairs : unitRanges(s, pairs, start);
  const { lengths, inside, exact } = measureAround(s, start, end, ranges ?? pairs.subarray(0, 0), onEmoji);
  if (ranges && exact) {
    lengths.weight += (pairs.length / 2) * urls.URL_WEIGHT - inside;
    onURLs?.(ranges.slice());
    return lengths;
  }
  let weight = 0,
    at = 0;
  for (let k = 0; k < pairs.length; k += 2) {
    weight += textWeight(points, at, pairs[k] - shift) + urls.URL_WEIGHT;
    at = pairs[k + 1] - shift;
  }
  lengths.weight = weight + textWeight(points, at, points.length);
  return lengths;
}

/** Whether the code points of `s[start..<end]` are `points`. */
function hasPoints(s, start, end, points) {
  let n = 0;
  for (let i = start; i < end; n++) {
    const c = scalarAt(s, i, end);
    if (n === points.length || points[n] !== c) return false;
    i += c > 0xffff ? 2 : 1;
  }
  return n === points.length;
}

/** The code point ranges `pairs` (flat, ascending) of the run of `s` at
 *  `offset` as UTF-16 ranges of `s` (in `rooms.ranges`). */
function unitRanges(s, pairs, offset) {
  const out = rooms.ranges.take(pairs.length).subarray(0, pairs.length);
  let point = 0,
    unit = offset;
  for (let k = 0; k < pairs.length; k++) {
    for (; point < pairs[k]; point++) unit += s.codePointAt(unit) > 0xffff ? 2 : 1;
    out[k] = unit;
  }
  return out;
}

/** `measure` of `s[start..<end]`, and the weight of the clusters inside the
 *  ranges (flat pairs, ascending, disjoint); `exact`: no range begins or
 *  ends inside a cluster. */
function measureAround(s, start, end, ranges, onEmoji) {
  const lengths = new TextLengths();
  let inside = 0,
    k = 0,
    exact = true;
  forEachCluster(s, start, end, (a, b, simple) => {
    const emoji = !simple && isEmojiCluster(s, a, b);
    if (emoji && onEmoji) onEmoji(a, b);
    const weight = addCluster(lengths, s, a, b, simple, emoji);
    while (k < ranges.length && ranges[k + 1] <= a) k += 2;
    if (k === ranges.length) return;
    const ua = ranges[k],
      ub = ranges[k + 1];
    if ((a < ua && ua < b) || (a < ub && ub < b)) exact = false;
    else if (a >= ua && b <= ub) inside += weight;
  });
  return { lengths, inside, exact };
}

/** The URLs of the text run s[start..<end] as flat `[start, end, …]` UTF-16
 *  pairs widened to whole clusters (urls.js `urlSpans`; `clusterEnds`, if
 *  given, the ends of the run's clusters); the URL rule must be loaded. */
export function urlSpansIn(s, start, end, clusterEnds) {
  if (!mayHoldURL(s, start, end)) return new Int32Array(0);
  if (!urls) throw new Error('the weighted count of a text that may hold a URL needs loadURLs() first');
  return urls.urlSpans(s, start, end, clusterEnds);
}

/** The weight of the code points `points[a..<b]` as text, measured a
 *  piece of about 4096 at a time, each ending where a cluster certainly
 *  does (between two simple code points: graphemes.js): a string of them
 *  all was a copy of the text between two URLs (~1.4 MB a request for
 *  512 KiB of marked text cut by dots). */
function textWeight(points, a, b) {
  let total = 0;
  for (let k = a; k < b; ) {
    let next = Math.min(b, k + 4096);
    while (next < b && !(isSimple(points[next]) && isSimple(points[next - 1]))) next += 1;
    let text = '';
    for (let j = k; j < next; j += 4096) text += String.fromCodePoint(...points.subarray(j, Math.min(next, j + 4096)));
    const w = measure(text, 0, text.length).weight;
    if (w === null) return null;
    total += w;
    k = next;
  }
  return total;
}

/** Whether `s` holds U+FFFE, U+FEFF or U+FFFF, which make a text invalid in twitter-text. */
export const hasInvalidCharacters = (s) => /[\uFFFE\uFEFF\uFFFF]/.test(s);

/** twitter-text v3: these code points weigh 100, everything else 200 (units of 1/100). */
export function weight(c) {
  return c <= 4351 || (c >= 8192 && c <= 8205) || (c >= 8208 && c <= 8223) || (c >= 8242 && c <= 8247) ? 100 : 200;
}

const utf8Length = (c) => (c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4);
const gb18030Length = (c) => (c < 0x80 ? 1 : c > 0xffff ? 4 : twoByte[c] ? 2 : 4);

/** Lengths in every mode; `weight` is in 1/100 units. `gb18030` is null without the table,
 *  `weight` where a URL may be or a cluster NFC may change is and `loadURLs()` has not loaded what it needs. */
export class TextLengths {
  constructor(graphemes = 0, utf16 = 0, utf8 = 0, gb18030 = 0, weight = 0) {
    this.graphemes = graphemes;
    this.utf16 = utf16;
    this.utf8 = utf8;
    this.gb18030 = twoByte ? gb18030 : null;
    this.weight = weight;
  }

  /** Every mode counting `n` (the policy's `stickerWeight`). */
  static uniform(n) {
    return new TextLengths(n, n, n, n, n * 100);
  }

  add(other) {
    this.graphemes += other.graphemes;
    this.utf16 += other.utf16;
    this.utf8 += other.utf8;
    if (this.gb18030 !== null) this.gb18030 += other.gb18030;
    this.weight = this.weight === null || other.weight === null ? null : this.weight + other.weight;
    return this;
  }

  value(mode) {
    switch (mode) {
      case 'graphemes':
        return this.graphemes;
      case 'utf16':
        return this.utf16;
      case 'utf8':
        return this.utf8;
      case 'gb18030':
        needGB18030();
        return this.gb18030;
      default:
        if (this.weight === null)
          throw new Error(
            'the weighted count of a text that may hold a URL or a cluster NFC may change needs loadURLs() first',
          );
        return Math.floor(this.weight / 100);
    }
  }
}

function needGB18030() {
  if (!twoByte) throw new Error('the gb18030 count mode needs loadGB18030() first');
}

/** Adds the lengths of one cluster `s[start..<end]` to `total` (no object
 *  per cluster: a count makes one per run); returns its weight, or null
 *  where it cannot be known yet. */
function addCluster(total, s, start, end, simple, emoji) {
  let utf8 = 0,
    gb = 0;
  for (let i = start; i < end; ) {
    const c = s.codePointAt(i);
    utf8 += utf8Length(c);
    if (twoByte) gb += gb18030Length(c);
    i += c > 0xffff ? 2 : 1;
  }
  let w;
  if (emoji) w = 200;
  else if (simple) w = weight(s.codePointAt(start));
  else if (!normalization) {
    loadURLs();
    w = null;
  } else {
    w = nfcWeight(s, start, end);
  }
  total.graphemes += 1;
  total.utf16 += end - start;
  total.utf8 += utf8;
  if (total.gb18030 !== null) total.gb18030 += gb;
  total.weight = total.weight === null || w === null ? null : total.weight + w;
  return w;
}

/** The room `nfcWeight` keeps between calls: a cluster's code points, up to KEPT_POINTS. */
const KEPT_POINTS = 1 << 12;
const clusterPoints = new IntList(64);

/** The weight of the NFC form of the cluster `s[start..<end]` (twitter-text
 *  weighs the NFC form; only multi-scalar clusters can change under it),
 *  read from its code points (normalization.js `appendNFC`), no string made. */
function nfcWeight(s, start, end) {
  const points = end - start <= KEPT_POINTS ? clusterPoints : new IntList(end - start + 16, rooms.cluster);
  points.clear();
  normalization.appendNFC(points, s, start, end);
  const view = points.view();
  let w = 0;
  for (let k = 0; k < view.length; k++) w += weight(view[k]);
  return w;
}

const scratch = new TextLengths();

/** The length under `mode` of the cluster `s[start..<end]` that
 *  `forEachCluster` found (`simple` as it says): what `measure` counts for
 *  it, without segmenting it again (a second call of the segmenter per
 *  cluster doubled the cost of a run of emoji). */
export function clusterLength(s, start, end, simple, mode) {
  scratch.graphemes = scratch.utf16 = scratch.utf8 = scratch.weight = 0;
  scratch.gb18030 = twoByte ? 0 : null;
  addCluster(scratch, s, start, end, simple, !simple && isEmojiCluster(s, start, end));
  return scratch.value(mode);
}

/** Lengths of `s[start..<end]` as text; `onEmoji(start, end)` is called for each emoji cluster. */
export function measure(s, start, end, onEmoji) {
  return measureInto(new TextLengths(), s, start, end, onEmoji);
}

/** `measure` added to `total` (returned). */
export function measureInto(total, s, start, end, onEmoji) {
  forEachCluster(s, start, end, (a, b, simple) => {
    const emoji = !simple && isEmojiCluster(s, a, b);
    if (emoji && onEmoji) onEmoji(a, b);
    addCluster(total, s, a, b, simple, emoji);
  });
  return total;
}

/** Length of `s[start..<end]` in a byte mode, without segmenting. */
export function byteModeLength(s, start, end, mode) {
  if (mode === 'utf16') return end - start;
  if (mode === 'gb18030') needGB18030();
  const perScalar = mode === 'utf8' ? utf8Length : gb18030Length;
  let total = 0;
  for (let i = start; i < end; ) {
    const c = s.codePointAt(i);
    total += perScalar(c);
    i += c > 0xffff ? 2 : 1;
  }
  return total;
}

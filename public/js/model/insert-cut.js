// Owns: where an insert is cut to fit the policy's `maxLength`, the mirror of
// the Swift core's InsertCut (read its comment for the rule): the whole
// insert if it fits; nothing if the text is already over; else the longest
// prefix of whole units whose estimate fits (the text up to the prefix's end
// on its own, plus the text after the insertion point on its own; under
// `weighted`, with the URLs of the text up to the end of the whole insert),
// confirmed by one count of the result, else the last prefix that ends where
// the estimate is exact. Linear in the text, in every mode.
//
// Swift lists every unit's length and every prefix's estimate; here the
// units of the text go by once, each prefix's estimate worked out as its end
// goes by, keeping only the two prefixes that may be chosen: a list of a few
// numbers per unit took tens of bytes a unit in node (a weighted paste of
// 1 MB of `a.co ` raised the heap by ~300 MB). Only a run of text that may
// hold a URL is kept whole while its URLs are found.

import { TextBackedString } from './text-backed-string.js';
import { lengthUnder, stickerLengths } from './counting.js';
import { measure, clusterLength, mayHoldURL, urlSpansIn } from './lengths.js';
import { forEachCluster, isSimple } from './graphemes.js';
import { IntList, Room } from './int-list.js';
import { STOPS } from './url-stops.js';

const URL_WEIGHT = 23;

/** `{kind: 'whole'}`, `{kind: 'alreadyOver'}` or `{kind: 'cut', keeping}` (UTF-16 units of the insert kept). */
export function fit(piece, string, [lower, upper], policy, max) {
  const length = (keeping) => lengthUnder(string.replacing([lower, upper], piece.text.slice(0, keeping)), policy);
  // An empty insert drops nothing, whatever the length.
  if (piece.text.length === 0) return { kind: 'whole' };
  // Where the insert replaces the whole text (a paste into an empty field),
  // the result is the insert itself, and where it reaches the end, the text
  // up to its end is the result: each read once, not scanned again into
  // another string's codes (three of the same text, 13.3 MB at 512 KiB of
  // `[ok]a` pasted, 19.9x the body).
  const whole = lower === 0 && upper === string.text.length ? piece : string.replacing([lower, upper], piece.text);
  const wholeURLs = new Map();
  if (lengthUnder(whole, policy, wholeURLs) <= max) return { kind: 'whole' };
  if (length(0) > max) return { kind: 'alreadyOver' };

  const { catalog } = string;
  // The text up to the end of the whole insert, and the text after it, each on its own.
  const upToInsertEnd =
    upper === string.text.length ? whole : new TextBackedString(string.text.slice(0, lower) + piece.text, catalog);
  const after = new TextBackedString(string.text.slice(upper), catalog);
  // The URLs of long runs, where the weighted count of the same text (the
  // insert pasted at the end) found them already.
  const known = policy.countMode === 'weighted' && whole.text === upToInsertEnd.text ? wholeURLs : null;
  const { estimated, exact } = prefixesThatFit(piece, upToInsertEnd, lower, after, policy, max, known);
  if (estimated === 0 || length(estimated) <= max) return { kind: 'cut', keeping: estimated };
  return { kind: 'cut', keeping: exact > 0 && length(exact) <= max ? exact : 0 };
}

/**
 * The two prefixes of the insert (`piece`, at `lower` in `upToInsertEnd`,
 * the text up to its end) that the cut may keep, as UTF-16 units of it: the
 * longest whose estimate fits (`estimated`; 0 for none), and the longest
 * before that whose estimate fits and is exact (`exact`): after a sticker or a
 * stop, before the end of the text or a sticker or a stop (`after` starts
 * so), where nothing joins and no URL reaches across. A prefix's estimate:
 * the units of the text before its end, and the one its end cuts measured as
 * text from its start; under `weighted`, each URL of the text adding 23 in
 * place of its clusters' weight once the prefix reaches its end; plus the
 * length of `after`; none where a code would form at its end
 * (TextBackedString.prefixLengthEstimates in Swift). The whole insert is not
 * a candidate. `known`: the URLs of long runs found already (`lengthUnder`'s).
 */
function prefixesThatFit(piece, upToInsertEnd, lower, after, policy, max, known) {
  const text = upToInsertEnd.text,
    mode = policy.countMode;
  const afterLength = lengthUnder(after, policy);
  const close = closeBracket(after.text, upToInsertEnd.catalog);
  const afterStartsClean =
    after.text.length === 0 || after.spans.starts[0] === 0 || STOPS.has(after.text.codePointAt(0));

  let estimated = 0,
    exactBeforeEstimated = 0,
    lastExact = 0,
    previous = 0;
  /** A prefix ending at `position` (after `lower`), whose estimate before `after` is `estimate`. */
  const prefix = (position, estimate) => {
    const kept = position - lower;
    if (position === text.length) return; // the whole insert
    const forms = close !== null && wouldFormCode(upToInsertEnd, position, after.text, close);
    const fits = !forms && estimate + afterLength <= max;
    if (fits) {
      estimated = kept;
      exactBeforeEstimated = lastExact;
    }
    if (fits && afterStartsClean) {
      const span = piece.spanContaining(kept - 1);
      const isExact =
        (span !== null && span.start === previous && span.end === kept) ||
        (kept - previous === 1 && STOPS.has(piece.text.charCodeAt(previous)));
      if (isExact) lastExact = kept;
    }
    previous = kept;
  };

  // The insert's own units end where the text's do past `lower`, when a unit
  // of the text ends at `lower` and no sticker spans it: the text from there
  // is segmented and scanned as the insert alone is (grapheme rules look back
  // only within a cluster, a code only to its `[`). Else its own are listed.
  const ownEnds = isCleanJunction(piece, upToInsertEnd, lower) ? null : piece.unitEnds();
  let own = 0;

  // The units of the text go by in order: `plain` their lengths so far,
  // `total` with the URLs' changes too.
  let plain = 0,
    total = 0,
    unitStart = 0;
  const unit = (end, length) => {
    if (ownEnds) {
      // The insert's units that end inside this one: the part before measured as text.
      for (; own < ownEnds.length && lower + ownEnds[own] < end; own++) {
        const position = lower + ownEnds[own];
        prefix(position, total + measure(text, unitStart, position).value(mode));
      }
    }
    plain += length;
    total += length;
    unitStart = end;
    urlsAt(end);
    if (!ownEnds) {
      if (end > lower) prefix(end, total);
    } else {
      for (; own < ownEnds.length && lower + ownEnds[own] === end; own++) prefix(end, total);
    }
  };

  // Under `weighted`, the URLs of the run going by: flat [start, end, …]
  // pairs, each starting and ending where a unit does (widened to whole
  // clusters, two may share one); `plainAt[k]`, `plain` where URL k starts.
  let urls = NO_URLS,
    ended = 0,
    started = 0;
  const plainAt = [];
  const urlsAt = (position) => {
    for (; 2 * started < urls.length && urls[2 * started] <= position; started++) plainAt[started] = plain;
    for (; 2 * ended < urls.length && urls[2 * ended + 1] <= position; ended++)
      total += URL_WEIGHT - (plain - plainAt[ended]);
  };

  upToInsertEnd.forEachItem((start, end, span) => {
    if (span) {
      unit(end, stickerLengths(span.entry, policy).value(mode));
      return;
    }
    const counted = mode === 'weighted' ? known?.get(start) : undefined;
    if (mode !== 'weighted' || !mayHoldURL(text, start, end) || counted?.end === end) {
      // No URL, or the ones the count of this same text found.
      urls = counted?.end === end ? counted.spans : NO_URLS;
      ended = started = 0;
      urlsAt(start);
      forEachCluster(text, start, end, (a, b, simple) => unit(b, clusterLength(text, a, b, simple, mode)));
      urls = NO_URLS;
      return;
    }
    // The run is segmented once: its clusters' ends kept while its URLs are
    // found, then each weighed (a cluster of one scalar is simple where its
    // scalar is, as forEachCluster says).
    const runEnds = new IntList(end - start, runRoom);
    forEachCluster(text, start, end, (_, b) => {
      runEnds.push(b);
    });
    urls = urlSpansIn(text, start, end, runEnds.view());
    ended = started = 0;
    urlsAt(start);
    const ends = runEnds.view();
    for (let k = 0, a = start; k < ends.length; a = ends[k++]) {
      const c = text.codePointAt(a);
      unit(ends[k], clusterLength(text, a, ends[k], ends[k] - a === (c > 0xffff ? 2 : 1) && isSimple(c), mode));
    }
    urls = NO_URLS;
  });
  return { estimated, exact: exactBeforeEstimated };
}

const NO_URLS = new Int32Array(0);

/** The room (int-list.js Room) of the clusters' ends of a run that may hold
 *  a URL, kept while its URLs are found: the room for a run's length at
 *  once, where lists grown as they were filled made twice their size again
 *  (8 MB for a weighted cut of 512 KiB of `e\u0301.com `), and none outlives
 *  a full collection (4 bytes a cluster would stay with the page). Their
 *  lengths are not kept (4 bytes a cluster more): worked out as they are
 *  used. */
const runRoom = new Room();

/** Whether a unit of `upToInsertEnd` ends at `lower`, no sticker spans it,
 *  and the stickers after it are the insert's own (see `prefixesThatFit`). */
function isCleanJunction(piece, upToInsertEnd, lower) {
  if (lower === 0) return true;
  if (upToInsertEnd.spanContaining(lower) !== null) return false;
  const next = upToInsertEnd.firstSpanEndingAfter(lower);
  if (upToInsertEnd.spans.length - next !== piece.spans.length) return false;
  const [start, end] = upToInsertEnd.runAround(lower);
  return lower === start || lower === end || upToInsertEnd.boundaryAtOrBefore(lower, start, end) === lower;
}

/** The first `]` of `text`, if no `[` or line break comes before it, within the longest code's reach. */
function closeBracket(text, catalog) {
  for (let j = 0; j < Math.min(text.length, catalog.maxContentLength + 1); j++) {
    const u = text[j];
    if (u === ']') return j;
    if (u === '[' || u === '\n' || u === '\r') return null;
  }
  return null;
}

/** Whether the `[` left open before `position` in `string` and the `]` at
 *  `close` of `after` would make a known code, were `after` to follow. */
function wouldFormCode(string, position, after, close) {
  const text = string.text,
    reach = string.catalog.maxContentLength;
  for (let j = position - 1; j >= Math.max(0, position - 1 - reach); j--) {
    const u = text[j];
    if (u === '[') {
      return (
        position - j - 1 + close <= reach &&
        !!string.catalog.entryForContent(text.slice(j + 1, position) + after.slice(0, close))
      );
    }
    if (u === ']' || u === '\n' || u === '\r') return false;
  }
  return false;
}

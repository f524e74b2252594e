// Owns: counting a text-backed string under a policy, the mirror of the Swift
// core's TextBackedString+counts: every length, the stickers and emoji with
// their plain UTF-16 ranges, and how the text stands against the policy.
// A sticker counts as its code's text unless the policy gives a `stickerWeight`.
// In the weighted count, URLs are found in each run of text between stickers
// (a code is never part of one) and weigh 23 each (urls.js).

import { TextLengths, measure, measureInto, byteModeLength, addRunLengths, hasInvalidCharacters } from './lengths.js';
import { IntList } from './int-list.js';

/** The count response of the API (`POST /api/count`), for `string` under `policy`. */
export function counts(string, policy) {
  const text = string.text;
  const total = new TextLengths();
  const emojiBounds = new IntList(); // each emoji's start and end
  string.forEachItem((start, end, span) => {
    if (span) {
      total.add(stickerLengths(span.entry, policy));
    } else {
      addRunLengths(total, text, start, end, (a, b) => {
        emojiBounds.push(a);
        emojiBounds.push(b);
      });
    }
  });
  const length = total.value(policy.countMode);
  const max = policy.maxLength;
  const violations = [];
  if (max !== null && length > max) violations.push('maxLength');
  if (policy.emoji === 'reject' && emojiBounds.length) violations.push('emoji');
  const content = policy.contentViolation(text);
  if (content) violations.push(content);
  if (policy.countMode === 'weighted' && hasInvalidCharacters(text)) violations.push('invalidCharacters');
  return {
    graphemes: total.graphemes,
    utf16: total.utf16,
    utf8: total.utf8,
    gb18030: total.gb18030,
    weighted: total.weight === null ? null : Math.floor(total.weight / 100),
    length,
    countMode: policy.countMode,
    maxLength: max,
    // The two lists are made when first read (then plain properties in their place): the page
    // counts its draft at every edit and reads only the lengths, and a text of short codes has a
    // sticker every few bytes, two objects each (1 MB of `[ok]a`: 200,000 stickers, and the
    // collector carrying them made the count grow 12x for 8x the text). JSON.stringify reads them
    // like any property. Until both are read the answer holds the string (its text, and 12 bytes a
    // sticker in typed arrays), not the lists (about 90 bytes a sticker in objects).
    get stickers() {
      return settle(this, 'stickers', stickerList(string.spans));
    },
    get emoji() {
      return settle(this, 'emoji', emojiList(text, emojiBounds.view()));
    },
    valid: violations.length === 0,
    remaining: max === null ? null : max - length,
    overBy: max === null ? 0 : Math.max(0, length - max),
    violations,
  };
}

/** Puts `value` in `object[key]` as a plain property (in the place of the getter that made it). */
function settle(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

/** The count answer's emoji: each one's text and plain UTF-16 range (`bounds`: start, end, ...). */
function emojiList(text, bounds) {
  const list = [];
  for (let i = 0; i < bounds.length; i += 2) {
    const a = bounds[i],
      b = bounds[i + 1];
    list.push({ emoji: text.slice(a, b), range: { location: a, length: b - a } });
  }
  return list;
}

/** The count answer's stickers: each code's entry and its plain UTF-16 range. */
function stickerList(spans) {
  const { starts, ends } = spans;
  const list = [];
  for (let i = 0; i < starts.length; i++) {
    const { code, tag, pack } = spans.entry(i);
    list.push({ code, tag, pack, range: { location: starts[i], length: ends[i] - starts[i] } });
  }
  return list;
}

/** The lengths of each code's text once all tables are loaded (they do not change after). */
const codeLengths = new WeakMap();

/** What a sticker counts under `policy`: its `stickerWeight`, or its code's
 *  text (a sticker's text is its code's). Not to be changed: it may be shared. */
export function stickerLengths(entry, policy) {
  if (policy.stickerWeight !== null) return TextLengths.uniform(policy.stickerWeight);
  const known = codeLengths.get(entry);
  if (known) return known;
  const lengths = measure(entry.code, 0, entry.code.length);
  if (lengths.gb18030 !== null && lengths.weight !== null) codeLengths.set(entry, lengths);
  return lengths;
}

/** The length in the policy's count mode alone; byte modes need no segmentation.
 *  `urls`, if given, a Map that gets the URLs the weighted count finds in
 *  long runs (start of a run → `{end, spans}`, as `urlSpansIn` gives them). */
export function lengthUnder(string, policy, urls) {
  const mode = policy.countMode;
  if (mode === 'graphemes' || mode === 'weighted') return lengthsUnder(string, policy, urls).value(mode);
  let total = 0;
  string.forEachItem((start, end, span) => {
    total +=
      span && policy.stickerWeight !== null ? policy.stickerWeight : byteModeLength(string.text, start, end, mode);
  });
  return total;
}

/** Lengths of the whole text under the policy's sticker rule (see `lengthUnder` for `urls`). The
 *  weight only under `weighted`: another mode's limit check reads none, and its URLs (found in NFC)
 *  were most of the count where a text holds many (TextBackedString.lengths(policy:) in Swift). */
function lengthsUnder(string, policy, urls) {
  const total = new TextLengths();
  const weighing = policy.countMode === 'weighted';
  string.forEachItem((start, end, span) => {
    const keep = urls && end - start >= KEPT_RUN ? (spans) => urls.set(start, { end, spans }) : undefined;
    if (span) total.add(stickerLengths(span.entry, policy));
    else if (!weighing) measureInto(total, string.text, start, end);
    else addRunLengths(total, string.text, start, end, undefined, keep);
  });
  return total;
}

/** Runs at least this long have their URLs kept: at most one entry for so many units. */
const KEPT_RUN = 256;

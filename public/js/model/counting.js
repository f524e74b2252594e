// Owns: counting a text-backed string under a policy, the mirror of the Swift
// core's TextBackedString+counts: every length, the stickers and emoji with
// their plain UTF-16 ranges, and how the text stands against the policy.
// A sticker counts as its code's text unless the policy gives a `stickerWeight`.
// In the weighted count, URLs are found in each run of text between stickers
// (a code is never part of one) and weigh 23 each (urls.js).

import { TextLengths, measure, measureCluster, byteModeLength, runLengths, hasInvalidCharacters } from './lengths.js';
import { IntList } from './int-list.js';
import { forEachCluster } from './graphemes.js';

/** The count response of the API (`POST /api/count`), for `string` under `policy`. */
export function counts(string, policy) {
  const text = string.text;
  const total = new TextLengths();
  const stickers = [],
    emoji = [];
  string.forEachItem((start, end, span) => {
    if (span) {
      const { entry } = span;
      stickers.push({
        code: entry.code,
        tag: entry.tag,
        pack: entry.pack,
        range: { location: start, length: end - start },
      });
      total.add(policy.stickerWeight !== null ? TextLengths.uniform(policy.stickerWeight) : measure(text, start, end));
    } else {
      total.add(
        runLengths(text, start, end, (a, b) =>
          emoji.push({ emoji: text.slice(a, b), range: { location: a, length: b - a } }),
        ),
      );
    }
  });
  const length = total.value(policy.countMode);
  const max = policy.maxLength;
  const violations = [];
  if (max !== null && length > max) violations.push('maxLength');
  if (policy.emoji === 'reject' && emoji.length) violations.push('emoji');
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
    stickers,
    emoji,
    valid: violations.length === 0,
    remaining: max === null ? null : max - length,
    overBy: max === null ? 0 : Math.max(0, length - max),
    violations,
  };
}

/** The length in the policy's count mode alone; byte modes need no segmentation. */
export function lengthUnder(string, policy) {
  const mode = policy.countMode;
  if (mode === 'graphemes' || mode === 'weighted') return lengthsUnder(string, policy).value(mode);
  let total = 0;
  string.forEachItem((start, end, span) => {
    total +=
      span && policy.stickerWeight !== null ? policy.stickerWeight : byteModeLength(string.text, start, end, mode);
  });
  return total;
}

/** Lengths of the whole text under the policy's sticker rule. */
function lengthsUnder(string, policy) {
  const total = new TextLengths();
  string.forEachItem((start, end, span) => {
    total.add(
      span && policy.stickerWeight !== null
        ? TextLengths.uniform(policy.stickerWeight)
        : span
          ? measure(string.text, start, end)
          : runLengths(string.text, start, end),
    );
  });
  return total;
}

/** Each whole unit's end position and its length under `policy`, in order:
 *  `{ends, lengths}` (Int32Arrays). */
export function unitLengths(string, policy) {
  const text = string.text,
    mode = policy.countMode;
  const ends = new IntList(text.length),
    lengths = new IntList(text.length);
  string.forEachItem((start, end, span) => {
    if (span) {
      const sticker =
        policy.stickerWeight !== null ? TextLengths.uniform(policy.stickerWeight) : measure(text, start, end);
      ends.push(end);
      lengths.push(sticker.value(mode));
    } else {
      forEachCluster(text, start, end, (a, b, simple) => {
        ends.push(b);
        lengths.push(measureCluster(text, a, b, simple).value(mode));
      });
    }
  });
  return { ends: ends.view(), lengths: lengths.view() };
}

// Owns: the edit operations under an input policy, the mirror of the Swift
// core's TextEditor. Every operation is a pure function of (text, selection,
// operation, policy): insert, paste, insertSticker, cut, copy, deleteBackward,
// deleteForward, moveCaret, select, selectAll.

import { TextBackedString } from './text-backed-string.js';
import { counts, lengthUnder, unitLengths } from './counting.js';
import { isSimple, scalarStartBefore } from './graphemes.js';
import { isEmojiPresentation, isEmojiModifier } from './emoji.js';
import { unlimited } from './policy.js';
import { hasInvalidCharacters } from './lengths.js';

/** A request the rules refuse to carry out: `code` is the API's error code. */
export class EditError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export const EditOperations = Object.freeze(['insert', 'paste', 'insertSticker', 'cut', 'copy', 'deleteBackward',
  'deleteForward', 'moveCaret', 'select', 'selectAll']);

const caret = (location) => ({ location, length: 0 });

/** Applies `op` (`{op, string?, tag?, offset?}`) to `text` with `selection` in `unit`.
 *  Returns `{string, selection, plainSelection, clipboard?, changed, truncated, rejected, message}`. */
export function applyEdit(operation, text, selection, unit, policy, catalog) {
  const string = new TextBackedString(text, catalog);
  const range = string.positionsOf(selection, unit);
  if (!range) {
    throw new EditError('out_of_range', `selection {${selection.location}, ${selection.length}} is outside the text `
      + `(display length ${string.displayLength(unit)} in ${unit} units)`);
  }
  const [lower, upper] = range;
  switch (operation.op) {
    case 'insert': case 'paste':
      return insert(operation.string, string, range, unit, policy);
    case 'insertSticker': {
      const entry = catalog.entry(operation.tag);
      if (!entry || !entry.sticker.tag) throw new EditError('unknown_sticker', `no sticker has the tag ${operation.tag}`);
      return insert(entry.sticker.tag, string, range, unit, policy);
    }
    case 'cut':
      return replace(string, range, '', lower, unit, { clipboard: text.slice(lower, upper) });
    case 'copy':
      return unchanged(string, range, unit, text.slice(lower, upper));
    case 'deleteBackward': case 'deleteForward': {
      const target = lower < upper ? range
        : operation.op === 'deleteBackward' ? string.unitBefore(lower) : string.unitAfter(lower);
      if (!target) return unchanged(string, range, unit);
      return replace(string, target, '', target[0], unit);
    }
    case 'moveCaret': {
      const n = operation.offset;
      let position = n >= 0 ? upper : lower;
      for (let i = Math.min(Math.abs(n), text.length); i > 0; i--) {
        const step = n >= 0 ? string.unitAfter(position) : string.unitBefore(position);
        if (!step) break;
        position = n >= 0 ? step[1] : step[0];
      }
      return unchanged(string, [position, position], unit);
    }
    case 'select':
      return unchanged(string, range, unit);
    case 'selectAll':
      return unchanged(string, [0, text.length], unit);
    default:
      throw new EditError('invalid_request', `unknown op "${operation.op}"; one of ${EditOperations.join(', ')}`);
  }
}

// ---- Insertion under the policy

function insert(inserted, string, range, unit, policy) {
  if (inserted.includes('\0')) return refused(string, range, unit, 'text', 'U+0000 (NUL) cannot be inserted');
  if (policy.countMode === 'weighted' && hasInvalidCharacters(inserted)) {
    return refused(string, range, unit, 'invalidCharacters', 'U+FFFE, U+FEFF and U+FFFF are not allowed here.');
  }
  let piece = new TextBackedString(inserted, string.catalog);
  let message = null;

  // Emoji: judged on the inserted clusters (stickers are never emoji).
  if (policy.emoji !== 'allow') {
    const found = counts(piece, unlimited).emoji;
    if (found.length) {
      if (policy.emoji === 'reject') return refused(string, range, unit, 'emoji', 'Emoji are not allowed here.');
      let kept = '', from = 0;
      for (const { range: r } of found) { kept += piece.text.slice(from, r.location); from = r.location + r.length; }
      piece = new TextBackedString(kept + piece.text.slice(from), string.catalog);
      message = found.length === 1 ? '1 emoji was removed.' : `${found.length} emoji were removed.`;
    }
  }

  // Content rules judge the text that would result, wherever the edit happens.
  if (policy.content !== 'any') {
    const violation = policy.contentViolation(string.replacing(range, piece.text).text);
    if (violation) {
      const what = violation === 'digits' ? 'Only digits 0–9 are allowed here.'
        : violation === 'decimalPlaces' ? `At most ${policy.decimalPlaces} digits are allowed after the point.`
          : 'Only a decimal number is allowed here.';
      return refused(string, range, unit, violation, what);
    }
  }

  // Length: keep the longest prefix of whole units that fits.
  let kept = piece.text, truncated = false;
  const max = policy.maxLength;
  if (max !== null) {
    const rest = range[0] === range[1] ? string : string.replacing(range, '');
    const base = lengthUnder(rest, policy);
    let units = unitLengths(piece, policy);
    let available = max - base, keptEnd = 0;
    if (policy.countMode === 'weighted' && (rest.text.includes('.') || piece.text.includes('.'))) {
      // A URL weighs 23 whatever its length, so a longer prefix can weigh less
      // and one more unit can change a URL before it: the longest prefix whose
      // result fits, each result counted whole (as in Swift).
      // Text already over the limit takes nothing more, as in every mode.
      let k = base > max ? 0 : units.length;
      while (k > 0 && lengthUnder(string.replacing(range, piece.text.slice(0, units[k - 1].end)), policy) > max) k -= 1;
      keptEnd = k > 0 ? units[k - 1].end : 0;
      units = [];  // decided: nothing to sum, nothing to drop
    }
    for (const { end, length } of units) {
      if (length > available) break;  // a prefix: nothing after a unit that does not fit
      available -= length;
      keptEnd = end;
    }
    // Joined to their neighbours, units can count differently (a code
    // completed, clusters that merge, NFC): unless nothing can join, check
    // the real result and drop units until it fits.
    units = units.filter((u) => u.end <= keptEnd);
    while (!cannotJoin(string, piece.text.slice(0, keptEnd), range)) {
      const candidate = string.replacing(range, piece.text.slice(0, keptEnd));
      if (lengthUnder(candidate, policy) <= max || units.length === 0) break;
      units.pop();
      keptEnd = units.length ? units[units.length - 1].end : 0;
    }
    if (keptEnd < piece.text.length) {
      truncated = true;
      kept = piece.text.slice(0, keptEnd);
      message = base > max ? `The text is already over the limit of ${max}; nothing was inserted.`
        : keptEnd === 0 ? `Nothing fits within the limit of ${max}.` : `Cut short to fit the limit of ${max}.`;
    }
  }
  return replace(string, range, kept, range[0] + kept.length, unit, { truncated, message });
}

/** Whether putting `piece` in place of `range` certainly forms no new sticker
 *  and joins no cluster across the two junctions, so lengths simply add up.
 *  False means "maybe": the caller recounts. (Swift bounds the bracket
 *  search in UTF-8 bytes, this in UTF-16 units; both windows reach every `[`
 *  that could open a real code, so the outcome is the same.) */
function cannotJoin(string, piece, [lower, upper]) {
  const text = string.text, reach = string.catalog.maxContentLength + 1;
  let openBefore = false;
  for (let j = lower - 1; j >= Math.max(0, lower - reach); j--) {
    const u = text[j];
    if (u === '[') { openBefore = true; break; }
    if (u === ']' || u === '\n' || u === '\r') break;
  }
  let closeAfter = false;
  for (let j = upper; j < Math.min(text.length, upper + reach); j++) {
    const u = text[j];
    if (u === ']') { closeAfter = true; break; }
    if (u === '[' || u === '\n' || u === '\r') break;
  }
  if (openBefore && (closeAfter || piece.includes(']'))) return false;
  if (closeAfter && piece.includes('[')) return false;
  // A junction is a certain cluster boundary when the scalar on its right is
  // simple and the one on its left is simple or ends an emoji.
  const right = isSimple;
  const left = (c) => {
    if (isSimple(c)) return true;
    if (c === 0x200D || (c >= 0x1F1E6 && c <= 0x1F1FF)) return false;
    return isEmojiPresentation(c) || isEmojiModifier(c) || c === 0xFE0F || c === 0x20E3;
  };
  const before = lower > 0 ? text.codePointAt(scalarStartBefore(text, lower)) : 0x20;
  const after = upper < text.length ? text.codePointAt(upper) : 0x20;
  if (piece.length === 0) return left(before) && right(after);
  const first = piece.codePointAt(0), last = piece.codePointAt(scalarStartBefore(piece, piece.length));
  return left(before) && right(first) && left(last) && right(after);
}

// ---- Results

function replace(string, range, replacement, caretAt, unit, { clipboard, truncated = false, message = null } = {}) {
  const result = string.replacing(range, replacement);
  // New text can join what was around it (typing `]` completes a code): the caret goes after the whole unit.
  const position = result.snapUp(caretAt);
  return {
    string: result, selection: caret(result.displayOffsetOf(position, unit)), plainSelection: caret(position),
    clipboard, changed: result.text !== string.text, truncated, rejected: null, message,
  };
}

function unchanged(string, range, unit, clipboard) {
  return {
    string, selection: string.displayRangeOf(range, unit), plainSelection: { location: range[0], length: range[1] - range[0] },
    clipboard, changed: false, truncated: false, rejected: null, message: null,
  };
}

function refused(string, range, unit, reason, message) {
  return { ...unchanged(string, range, unit), rejected: reason, message };
}

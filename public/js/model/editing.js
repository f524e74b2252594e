// Owns: the edit operations under an input policy, the mirror of the Swift
// core's TextEditor, and what the policy did (`rejected`, `note`). Every operation is a pure function of (text, selection,
// operation, policy): insert, paste, insertSticker, cut, copy, deleteBackward,
// deleteForward, moveCaret, select, selectAll.

import { TextBackedString } from './text-backed-string.js';
import { fit } from './insert-cut.js';
import { hasInvalidCharacters } from './lengths.js';

/** A request the rules refuse to carry out: `code` is the API's error code. */
export class EditError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export const EditOperations = Object.freeze([
  'insert',
  'paste',
  'insertSticker',
  'cut',
  'copy',
  'deleteBackward',
  'deleteForward',
  'moveCaret',
  'select',
  'selectAll',
]);

const caret = (location) => ({ location, length: 0 });

/** Applies `op` (`{op, string?, tag?, offset?}`) to `text` with `selection` in `unit`.
 *  Returns `{string, selection, plainSelection, clipboard?, changed, truncated, rejected, message}`. */
export function applyEdit(operation, text, selection, unit, policy, catalog) {
  return editString(operation, new TextBackedString(text, catalog), selection, unit, policy);
}

/** `applyEdit` on a string already read (its codes scanned): the editor keeps one per state. */
export function editString(operation, string, selection, unit, policy) {
  const { text, catalog } = string;
  const range = string.positionsOf(selection, unit);
  if (!range) {
    throw new EditError(
      'out_of_range',
      `selection {${selection.location}, ${selection.length}} is outside the text ` +
        `(display length ${string.displayLength(unit)} in ${unit} units)`,
    );
  }
  const [lower, upper] = range;
  switch (operation.op) {
    case 'insert':
    case 'paste':
      return insert(operation.string, string, range, unit, policy);
    case 'insertSticker': {
      const entry = catalog.entry(operation.tag);
      if (!entry || !entry.sticker.tag)
        throw new EditError('unknown_sticker', `no sticker has the tag ${operation.tag}`);
      return insert(entry.sticker.tag, string, range, unit, policy);
    }
    case 'cut':
      return replace(string, range, '', lower, unit, { clipboard: text.slice(lower, upper) });
    case 'copy':
      return unchanged(string, range, unit, text.slice(lower, upper));
    case 'deleteBackward':
    case 'deleteForward': {
      const target =
        lower < upper ? range : operation.op === 'deleteBackward' ? string.unitBefore(lower) : string.unitAfter(lower);
      if (!target) return unchanged(string, range, unit);
      return replace(string, target, '', target[0], unit);
    }
    case 'moveCaret': {
      // No text has more units than UTF-16 units: a larger move is clamped first.
      const count = Math.min(Math.abs(operation.offset), text.length);
      const position =
        operation.offset >= 0
          ? string.positionMovingForward(count, upper)
          : string.positionMovingBackward(count, lower);
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
  let note = null,
    removed = 0;

  // Emoji: judged on the clusters of the text the insert would make, as it
  // joins what is around it (1 + U+FE0F U+20E3 makes 1️⃣): stripping takes
  // the inserted part of each such cluster out.
  if (policy.emoji !== 'allow') {
    const [from, to] = [range[0], range[0] + piece.text.length];
    const touched = string.replacing(range, piece.text).emojiClusters(from, to);
    if (touched.length) {
      if (policy.emoji === 'reject') return refused(string, range, unit, 'emoji', 'Emoji are not allowed here.');
      piece = piece.removing(touched.map(([a, b]) => [Math.max(a, from) - from, Math.min(b, to) - from]));
      note = 'emojiRemoved';
      removed = touched.length;
    }
  }

  // Content rules judge the text that would result, wherever the edit happens.
  if (policy.content !== 'any') {
    const violation = policy.contentViolation(string.replacing(range, piece.text).text);
    if (violation) {
      const what =
        violation === 'digits'
          ? 'Only digits 0–9 are allowed here.'
          : violation === 'decimalPlaces'
            ? `At most ${policy.decimalPlaces} digits are allowed after the point.`
            : 'Only a decimal number is allowed here.';
      return refused(string, range, unit, violation, what);
    }
  }

  // Length: the whole insert if it fits, else the longest prefix of whole units that does (insert-cut.js).
  let kept = piece.text,
    truncated = false;
  const max = policy.maxLength;
  if (max !== null) {
    const outcome = fit(piece, string, range, policy, max);
    if (outcome.kind === 'alreadyOver') {
      truncated = true;
      kept = '';
      note = 'alreadyOver';
    } else if (outcome.kind === 'cut') {
      truncated = true;
      kept = piece.text.slice(0, outcome.keeping);
      note = outcome.keeping === 0 ? 'nothingFits' : 'cutShort';
    }
  }

  // What is left of the insert, cut or stripped, may still make an emoji with the text around it.
  if (
    policy.emoji !== 'allow' &&
    kept.length &&
    string.replacing(range, kept).emojiClusters(range[0], range[0] + kept.length).length
  ) {
    return refused(string, range, unit, 'emoji', 'Emoji are not allowed here.');
  }
  return replace(string, range, kept, range[0] + kept.length, unit, {
    truncated,
    note,
    message: note && sentence(note, policy.maxLength ?? 0, removed),
  });
}

/** The English `message` of a `note` (EditResult.Note in Swift: emojiRemoved, alreadyOver, cutShort,
 *  nothingFits), the code a page says in its own language. */
function sentence(note, max, removed) {
  switch (note) {
    case 'emojiRemoved':
      return removed === 1 ? '1 emoji was removed.' : `${removed} emoji were removed.`;
    case 'alreadyOver':
      return `The text is already over the limit of ${max}; nothing was inserted.`;
    case 'cutShort':
      return `Cut short to fit the limit of ${max}.`;
    default:
      return `Nothing fits within the limit of ${max}.`;
  }
}

// ---- Results

function replace(
  string,
  range,
  replacement,
  caretAt,
  unit,
  { clipboard, truncated = false, note = null, message = null } = {},
) {
  const result = string.replacing(range, replacement);
  // New text can join what was around it (typing `]` completes a code): the caret goes after the whole unit.
  const position = result.snapUp(caretAt);
  return {
    string: result,
    selection: caret(result.displayOffsetOf(position, unit)),
    plainSelection: caret(position),
    clipboard,
    changed: result.text !== string.text,
    truncated,
    rejected: null,
    note,
    message,
  };
}

function unchanged(string, range, unit, clipboard) {
  return {
    string,
    selection: string.displayRangeOf(range, unit),
    plainSelection: { location: range[0], length: range[1] - range[0] },
    clipboard,
    changed: false,
    truncated: false,
    rejected: null,
    note: null,
    message: null,
  };
}

function refused(string, range, unit, reason, message) {
  return { ...unchanged(string, range, unit), rejected: reason, message };
}

// Owns: the API's request and response bodies for the JS model: the same
// `POST /api/edit` and `/api/count` bodies the server reads (render's is
// render-request.js's), validated the same way (unknown fields, wrong types
// and bad values are errors with the server's error codes), and the same
// responses. Transport beside the domain: the rules live in editing.js,
// counting.js and policy.js.

import { TextBackedString, OffsetUnit } from './text-backed-string.js';
import { editString, EditError, EditOperations } from './editing.js';
import { counts } from './counting.js';
import { InputPolicy, CountMode, EmojiRule, ContentRule, unlimited } from './policy.js';

const typeName = (v) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'an array'
      : ({ boolean: 'a boolean', number: 'a number', string: 'a string', object: 'an object' }[typeof v] ?? typeof v);
export const invalid = (message) => new EditError('invalid_request', message);
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The fields of one JSON object, read as the server's JSONFields reads them (null = absent). */
export class Fields {
  constructor(value, path, allowed) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw invalid(`${path || 'the body'} must be a JSON object, not ${typeName(value)}`);
    }
    const unknown = Object.keys(value)
      .sort()
      .find((k) => !allowed.includes(k));
    if (unknown !== undefined)
      throw invalid(`unknown field "${path ? `${path}.${unknown}` : unknown}"; expected ${allowed.join(', ')}`);
    this.value = value;
    this.path = path;
  }

  name(key) {
    return this.path ? `${this.path}.${key}` : key;
  }

  get(key) {
    return this.value[key] ?? null;
  }

  string(key) {
    const v = this.get(key);
    if (v === null) return null;
    if (typeof v !== 'string') throw invalid(`${this.name(key)} must be a string, not ${typeName(v)}`);
    if (loneSurrogate.test(v))
      throw new EditError('invalid_json', `the request body is not valid JSON: lone surrogate in ${this.name(key)}`);
    return v;
  }

  requiredString(key, what) {
    const s = this.string(key);
    if (s === null) throw invalid(`${what ? `${what} needs` : 'missing'} "${this.name(key)}"`);
    return s;
  }

  int(key) {
    const v = this.get(key);
    if (v === null) return null;
    if (typeof v !== 'number') throw invalid(`${this.name(key)} must be a whole number, not ${typeName(v)}`);
    if (!Number.isInteger(v)) throw invalid(`${this.name(key)} must be a whole number`);
    if (!Number.isSafeInteger(v)) throw invalid(`${this.name(key)} is out of range`);
    return v;
  }

  bool(key) {
    const v = this.get(key);
    if (v === null) return null;
    if (typeof v !== 'boolean') throw invalid(`${this.name(key)} must be true or false, not ${typeName(v)}`);
    return v;
  }

  choice(key, cases) {
    const raw = this.string(key);
    if (raw === null) return null;
    if (!cases.includes(raw)) throw invalid(`${this.name(key)} must be one of ${cases.join(', ')}, not "${raw}"`);
    return raw;
  }

  object(key, allowed) {
    const v = this.get(key);
    return v === null ? null : new Fields(v, this.name(key), allowed);
  }
}

const policyFields = ['maxLength', 'countMode', 'emoji', 'content', 'decimalPlaces', 'stickerWeight'];

/** The `policy` object of a request as an InputPolicy (defaults for what it leaves out). */
export function parsePolicy(json) {
  if (json === undefined || json === null) return unlimited;
  const f = new Fields(json, 'policy', policyFields);
  const policy = new InputPolicy({
    maxLength: f.int('maxLength'),
    countMode: f.choice('countMode', CountMode) ?? 'graphemes',
    emoji: f.choice('emoji', EmojiRule) ?? 'allow',
    content: f.choice('content', ContentRule) ?? 'any',
    decimalPlaces: f.int('decimalPlaces') ?? 2,
    stickerWeight: f.int('stickerWeight'),
  });
  const problem = policy.validationProblem;
  if (problem) throw invalid(problem);
  return policy;
}

function parseOperation(f) {
  // Every field is checked for its type, also one the op does not use (as the server does).
  f.string('string');
  f.string('tag');
  f.int('offset');
  const op = f.requiredString('op');
  const what = `op "${op}"`;
  switch (op) {
    case 'insert':
    case 'paste':
      return { op, string: f.requiredString('string', what) };
    case 'insertSticker':
      return { op, tag: f.requiredString('tag', what) };
    case 'moveCaret': {
      const offset = f.int('offset');
      if (offset === null) throw invalid(`${what} needs "offset"`);
      return { op, offset };
    }
    default:
      if (!EditOperations.includes(op)) throw invalid(`unknown op "${op}"; one of ${EditOperations.join(', ')}`);
      return { op };
  }
}

/**
 * The fields of `POST /api/edit`'s answer, as public/openapi.yaml's EditResponse has them, less `html`
 * (Swift's alone: the page builds DOM nodes, never HTML): what the model answers, and so what it and
 * the server must agree on (authority.js, the differential test). Tests/js/edit-answer.test.mjs holds
 * the list to the document.
 */
export const EDIT_FIELDS = Object.freeze([
  'text',
  'selection',
  'plainSelection',
  'clipboard',
  'counts',
  'changed',
  'truncated',
  'rejected',
  'note',
  'message',
]);
// How a field of the answer comes from applyEdit's result: these two from its string, the others as they are.
const FROM_STRING = {
  text: (result) => result.string.text,
  counts: (result, policy) => counts(result.string, policy),
};

/**
 * The edit `operation` (`{op, string?, tag?, offset?}`, as parsed) on `string` (a TextBackedString) at
 * `selection` in `unit`, under `policy` (an InputPolicy): `{answer, string}`, the answer as `POST
 * /api/edit` gives it (less `html`) and the text after it, read once (the editor keeps it as its next
 * state's). Throws EditError with the API's error code.
 */
export function answerTo(operation, string, selection, unit, policy) {
  const result = editString(operation, string, selection, unit, policy);
  refuseNUL(result.string.text);
  const answer = {};
  for (const field of EDIT_FIELDS) {
    const value = field in FROM_STRING ? FROM_STRING[field](result, policy) : result[field];
    if (value !== undefined) answer[field] = value; // `clipboard`: cut and copy only
  }
  return { answer, string: result.string };
}

/** `POST /api/edit`: the response body, less `html`; throws EditError with the API's error code. */
export function edit(request, catalog) {
  const f = new Fields(request, '', ['text', 'selection', 'unit', 'op', 'string', 'tag', 'offset', 'policy']);
  const text = f.requiredString('text');
  let selection = null;
  const s = f.object('selection', ['location', 'length']);
  if (s) {
    const location = s.int('location'),
      length = s.int('length');
    if (location === null || length === null) throw invalid('selection needs "location" and "length"');
    selection = { location, length };
  }
  const unit = f.choice('unit', Object.values(OffsetUnit)) ?? OffsetUnit.utf16;
  const policy = parsePolicy(f.get('policy'));
  const operation = parseOperation(f);
  const string = new TextBackedString(text, catalog);
  return answerTo(operation, string, selection ?? { location: string.displayLength(unit), length: 0 }, unit, policy)
    .answer;
}

/** `POST /api/count`: the response body. */
export function count(request, catalog) {
  const f = new Fields(request, '', ['text', 'policy']);
  const text = f.requiredString('text');
  return counts(new TextBackedString(text, catalog), parsePolicy(f.get('policy')));
}

/** HTML cannot carry U+0000: the server refuses to render it. */
export function refuseNUL(text) {
  const at = text.indexOf('\0');
  if (at >= 0) throw invalid(`text contains U+0000 (NUL) at UTF-16 offset ${at}, which HTML cannot carry`);
}

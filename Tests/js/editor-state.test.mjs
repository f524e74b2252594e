// The editor's state (public/js/editor/editor-state.js), in node: one immutable value (text read once
// as a TextBackedString, selection, counts, composition, history) and the one function, update, that
// makes the next from a transaction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalog } from './support.mjs';
import { Catalog } from '../../public/js/model/catalog.js';
import { parsePolicy } from '../../public/js/model/requests.js';
import { History } from '../../public/js/model/history.js';
import { EditorState, update } from '../../public/js/editor/editor-state.js';

const policy = parsePolicy({ maxLength: 5, countMode: 'graphemes', stickerWeight: 1 });
const caret = (location) => ({ location, length: 0 });
const typed = { typed: true };

/** The state after typing `text` key by key from `state`, each an edit at the caret. */
function type(state, text, at = 0) {
  for (const key of text)
    ({ state } = update(state, { edit: { op: 'insert', string: key }, selection: state.selection, step: typed, at }));
  return state;
}

test("an edit answers the model's answer and a new state; the state before is left as it was", () => {
  const empty = EditorState.empty(catalog, policy);
  const { state, answer } = update(empty, { edit: { op: 'insert', string: '好[微笑]' }, selection: caret(0) });
  assert.equal(answer.text, '好[微笑]');
  assert.deepEqual(answer.selection, caret(2));
  assert.equal(state.text, '好[微笑]');
  assert.deepEqual(state.selection, caret(2));
  assert.equal(state.counts, answer.counts);
  assert.equal(state.string.spans.length, 1, 'the sticker is read');
  assert.equal(empty.text, '');
  assert.ok(Object.isFrozen(state) && Object.isFrozen(empty));
  assert.throws(() => {
    state.selection = caret(0);
  });
});

test('the text is read once a state: a selection, a composition or the history keeps its string and counts', () => {
  const state = type(EditorState.empty(catalog, policy), 'ab');
  for (const transaction of [
    { select: caret(1) },
    { compose: { text: 'x', committing: false, waiting: null }, since: 5 },
    { history: state.history },
  ]) {
    const next = update(state, transaction).state;
    assert.equal(next.string, state.string, Object.keys(transaction)[0]);
    assert.equal(next.counts, state.counts, Object.keys(transaction)[0]);
  }
  // An edit of the state's own text starts from its string; the answer's string is the next state's.
  const { state: next } = update(state, { edit: { op: 'select' }, selection: caret(0) });
  assert.equal(next.string.text, 'ab');
  assert.deepEqual(next.selection, caret(0));
});

test('the policy is the parsed one the state holds: an insert past its limit is cut, with a note', () => {
  const state = type(EditorState.empty(catalog, policy), 'abcd');
  const { state: next, answer } = update(state, { edit: { op: 'paste', string: 'xyz' }, selection: state.selection });
  assert.equal(next.text, 'abcdx');
  assert.equal(answer.truncated, true);
  assert.equal(next.policy, policy);
});

test('a refused edit throws the model error and leaves no new state', () => {
  const state = type(EditorState.empty(catalog, policy), 'ab');
  assert.throws(() => update(state, { edit: { op: 'select' }, selection: caret(9) }), { code: 'out_of_range' });
  assert.throws(() => update(state, { edit: { op: 'insertSticker', tag: '[nope]' }, selection: caret(0) }), {
    code: 'unknown_sticker',
  });
});

test('steps made before history.js loads wait in the state and are recorded in order once it has', () => {
  let state = type(EditorState.empty(catalog, policy), 'ab');
  ({ state } = update(state, {
    edit: { op: 'paste', string: 'c' },
    selection: state.selection,
    step: { typed: false },
  }));
  ({ state } = update(state, { adopt: { text: 'abC', selection: caret(3) } })); // the server's correction
  assert.equal(state.text, 'abC');
  ({ state } = update(state, { history: state.history.loadedInto(new History()) }));
  let moved = state.history.undo();
  assert.deepEqual(moved.state, { text: 'ab', selection: caret(2) });
  assert.deepEqual(moved.history.redo().state, { text: 'abC', selection: caret(3) }, 'redo gives the correction');
  moved = moved.history.undo();
  assert.deepEqual(moved.state, { text: '', selection: caret(0) }, 'the typed run is one step');
});

test('an edit that replaces the text (an undo, a draft) is no step; `shown` is what undo goes back to', () => {
  let state = EditorState.empty(catalog, policy);
  ({ state } = update(state, { edit: { op: 'select' }, text: 'xyz', selection: caret(1) }));
  assert.equal(state.text, 'xyz');
  assert.equal(state.history.loadedInto(new History()).canUndo, false);
  ({ state } = update(state, {
    edit: { op: 'insert', string: '!' },
    selection: caret(3),
    shown: caret(1),
    step: { typed: false },
  }));
  assert.deepEqual(state.history.loadedInto(new History()).undo().state, { text: 'xyz', selection: caret(1) });
});

test('the packs coming read the same text with stickers, the selection in whole units, and a new history', () => {
  let state = type(EditorState.empty(new Catalog({ packs: [] }), parsePolicy(null)), '[微笑]x');
  ({ state } = update(state, { select: { location: 2, length: 2 } })); // inside the code, as text
  assert.equal(state.counts.stickers.length, 0);
  ({ state } = update(state, { catalog }));
  assert.equal(state.text, '[微笑]x');
  assert.deepEqual(state.selection, { location: 0, length: 1 }, 'the whole sticker');
  assert.equal(state.counts.stickers.length, 1);
  assert.equal(state.history.loadedInto(new History()).canUndo, false);
});

test('clearing empties the text and the history', () => {
  const state = type(EditorState.empty(catalog, policy), 'ab');
  const { state: cleared } = update(state, { clear: true });
  assert.equal(cleared.text, '');
  assert.deepEqual(cleared.selection, caret(0));
  assert.equal(cleared.history.loadedInto(new History()).canUndo, false);
  assert.throws(() => update(state, { nothing: true }), /not a transaction/);
});

// The editor's undo history (public/js/model/history.js): steps, grouping of
// typed text, redo, and the server's correction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { History } from '../../public/js/model/history.js';

const at = (text, location = text.length, length = 0) => ({ text, selection: { location, length } });

/** A history kept in a variable, as the editor keeps its state: each call takes the value it answers. */
class Kept {
  constructor(options) {
    this.history = new History(options);
  }
  record(...step) {
    this.history = this.history.record(...step);
  }
  undo() {
    const moved = this.history.undo();
    if (moved) this.history = moved.history;
    return moved?.state ?? null;
  }
  redo() {
    const moved = this.history.redo();
    if (moved) this.history = moved.history;
    return moved?.state ?? null;
  }
  replacePresent(state) {
    this.history = this.history.replacePresent(state);
  }
  get canUndo() {
    return this.history.canUndo;
  }
  get canRedo() {
    return this.history.canRedo;
  }
}

/** Types `string` key by key from `state`, recording each key; returns the state after. */
function type(history, state, string, time = 0) {
  for (const ch of string) {
    const {
      text,
      selection: { location },
    } = state;
    const next = at(text.slice(0, location) + ch + text.slice(location), location + ch.length);
    history.record(state, next, { typed: true, at: time });
    state = next;
  }
  return state;
}

test('a run of typed keys is one step, and undo brings back the text and the caret', () => {
  const h = new Kept();
  const typed = type(h, at(''), 'hello');
  assert.equal(typed.text, 'hello');
  assert.deepEqual(h.undo(), at(''));
  assert.equal(h.undo(), null);
  assert.deepEqual(h.redo(), at('hello'));
  assert.equal(h.redo(), null);
});

test('a paste, a delete-key press or a sticker is a step of its own', () => {
  const h = new Kept();
  let s = type(h, at(''), 'hi');
  h.record(s, at('hi there'));
  h.record(at('hi there'), at('hi ther'));
  h.record(at('hi ther'), at('hi the'));
  s = type(h, at('hi the'), 're');
  assert.deepEqual(h.undo(), at('hi the'));
  assert.deepEqual(h.undo(), at('hi ther'));
  assert.deepEqual(h.undo(), at('hi there'));
  assert.deepEqual(h.undo(), at('hi'));
  assert.deepEqual(h.undo(), at(''));
});

test('typing elsewhere, after a pause or after an undo starts a new step', () => {
  const h = new Kept({ groupDelayMs: 1000 });
  let s = type(h, at(''), 'ab', 0);
  s = type(h, { ...s, selection: { location: 0, length: 0 } }, 'x', 10); // the caret moved to the start
  assert.equal(s.text, 'xab');
  s = type(h, s, 'y', 5000); // after a pause
  assert.deepEqual(h.undo(), at('xab', 1));
  assert.deepEqual(h.undo(), at('ab', 0));
  assert.deepEqual(h.undo(), at(''));
  const g = new Kept();
  let _t = type(g, at(''), 'ab');
  g.undo();
  _t = type(g, at(''), 'c');
  assert.equal(g.canRedo, false); // a new edit drops what was undone
  assert.deepEqual(g.undo(), at(''));
  assert.equal(g.canUndo, false);
});

test('after the server corrected the present, undo restores what the user saw and redo the correction', () => {
  const h = new Kept();
  type(h, at('x'), 'ab');
  h.replacePresent(at('xAB'));
  assert.deepEqual(h.undo(), at('x'));
  assert.deepEqual(h.redo(), at('xAB'));
});

test('no change of text, no step; the history keeps at most `limit` steps', () => {
  const h = new Kept({ limit: 3 });
  h.record(at('a'), at('a'));
  h.record(at('ab', 0), at('ab', 2)); // a caret move
  assert.equal(h.canUndo, false);
  for (let i = 0; i < 5; i++) h.record(at(String(i)), at(String(i + 1)));
  assert.deepEqual([h.undo(), h.undo(), h.undo(), h.undo()], [at('4'), at('3'), at('2'), null]);
});

test('typed text that took a while to arrive joins the run when its typing began without a pause', () => {
  const h = new Kept({ groupDelayMs: 1000 });
  let s = type(h, at(''), 'a', 0);
  // A word composed from 900 ms (its first key) and committed at 2500 ms: no pause over a second.
  const word = at('a word');
  h.record(s, word, { typed: true, at: 2500, since: 900 });
  s = word;
  // The next begun 1500 ms after that commit: a step of its own.
  h.record(s, at('a word more'), { typed: true, at: 4500, since: 4000 });
  assert.deepEqual(h.undo(), word);
  assert.deepEqual(h.undo(), at(''));
});

test('a history is a value: recording, undoing and a correction leave the history they came from as it was', () => {
  const empty = new History();
  const one = empty.record(at(''), at('a'));
  assert.equal(empty.canUndo, false);
  const undone = one.undo();
  assert.deepEqual(undone.state, at(''));
  assert.equal(one.canUndo, true);
  assert.equal(one.canRedo, false);
  assert.equal(undone.history.canRedo, true);
  assert.deepEqual(one.replacePresent(at('A')).undo().history.redo().state, at('A'));
  assert.deepEqual(one.redo(), null);
  assert.deepEqual(one.done[0].after, at('a'));
  assert.ok(Object.isFrozen(one) && Object.isFrozen(one.done[0]));
  assert.equal(one.emptied().canUndo, false);
});

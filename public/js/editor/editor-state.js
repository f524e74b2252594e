// editor-state.js owns the editor's state as one immutable value, and the one function that makes
// the next from a transaction, as CodeMirror's view does: the text as the model reads it (a
// TextBackedString, its codes scanned once a state, which every question about the state asks),
// the selection (display offsets in UTF-16, a sticker 1), the counts under the policy (parsed once,
// kept in the state), the composition under way, and the undo history. Pure, no DOM: editor.js
// turns the browser's events into transactions and shows each state.

import { TextBackedString } from '../model/text-backed-string.js';
import { answerTo } from '../model/requests.js';
import { counts } from '../model/counting.js';

const caret = (location) => ({ location, length: 0 });

/**
 * The undo steps made before model/history.js loaded (it loads after the start), newest first, one
 * link each: recording one copies nothing. `loadedInto(history)` records them in order.
 */
class WaitingSteps {
  constructor(step = null, previous = null) {
    this.step = step;
    this.previous = previous;
    Object.freeze(this);
  }
  emptied() {
    return new WaitingSteps();
  }
  record(before, after, options) {
    return new WaitingSteps([before, after, options], this.step ? this : null);
  }
  replacePresent(state) {
    return this.step ? new WaitingSteps([this.step[0], state, this.step[2]], this.previous) : this;
  }
  loadedInto(history) {
    const steps = [];
    for (let link = this.step ? this : null; link; link = link.previous) steps.push(link.step);
    return steps.reverse().reduce((past, step) => past.record(...step), history);
  }
}

export class EditorState {
  /**
   * `string`: a TextBackedString; `selection`: {location, length}; `policy`: an InputPolicy;
   * `counts`: the string's under it (computed when not given); `composition`: null, or
   * `{text, committing, waiting}` while an IME composes (`waiting`: what is to happen at its end,
   * the server's `{text, selection}` or `{cleared: true}`); `composedSince`: when the last
   * composition began (ms); `history`: a model/history.js History, or the steps waiting for it.
   */
  constructor({ string, selection, policy, counts: known, composition = null, composedSince = 0, history }) {
    this.string = string;
    this.selection = selection;
    this.policy = policy;
    this.counts = known ?? counts(string, policy);
    this.composition = composition;
    this.composedSince = composedSince;
    this.history = history ?? new WaitingSteps();
    Object.freeze(this);
  }

  /** An empty field under `policy`, with `catalog`'s stickers. */
  static empty(catalog, policy) {
    return new EditorState({ string: new TextBackedString('', catalog), selection: caret(0), policy });
  }

  get text() {
    return this.string.text;
  }

  get catalog() {
    return this.string.catalog;
  }

  /** This state with `changes` (fields of the constructor's); the counts follow a new string. */
  with(changes) {
    const kept = 'string' in changes && !('counts' in changes) ? { ...this, counts: undefined } : this;
    return new EditorState({ ...kept, ...changes });
  }

  /** The record the server's check and the tests read: `{text, selection, counts}`. */
  get record() {
    return { text: this.text, selection: this.selection, counts: this.counts };
  }

  /** The string of `text`: this state's when it is its text, else read with its catalog. */
  stringOf(text) {
    return text === this.text ? this.string : new TextBackedString(text, this.catalog);
  }

  /** The display range of the plain `start`..`end` in `string` widened to whole units. */
  static wholeRange(string, start, end) {
    return string.displayRangeOf([string.snapDown(start), string.snapUp(end)], 'utf16');
  }
}

/**
 * The one way from a state to the next: `update(state, transaction)` answers `{state, answer}`,
 * `answer` the model's answer to an edit (as `POST /api/edit` gives it), else null. A transaction is
 * one of:
 * - `{edit: {op, string?, tag?, offset?}, selection, shown?, text?, step?, at?, place?}`: the model's
 *   edit at `selection` of the state's text, or of `text` put in its place (an undo, a draft);
 *   `shown`: the field's selection when it began (`selection` unless the edit names its own), which
 *   undo goes back to; `step`: how undo sees it (`{typed, since?}`, or null: none), `at` its time;
 *   `place(answer, string)`: the selection to keep, else the answer's. Throws the model's EditError.
 * - `{select: selection}`: the user's selection, followed (not a step of undo).
 * - `{compose: composition | null, since?}`: a composition begins (`since`), changes or ends.
 * - `{adopt: {text, selection}}`: the server's state, taken; undo still goes back to what the user saw.
 * - `{catalog}`: the packs came; the same text read with them, its selection in whole units, a new
 *   history (its selections counted codes as text).
 * - `{clear: true}`: the field emptied (its message sent), and its history.
 * - `{history}`: the history, moved (an undo or a redo) or loaded.
 */
export function update(state, transaction) {
  if ('edit' in transaction) return edited(state, transaction);
  let next;
  if ('select' in transaction) next = state.with({ selection: transaction.select });
  else if ('compose' in transaction)
    next = state.with({ composition: transaction.compose, composedSince: transaction.since ?? state.composedSince });
  else if ('adopt' in transaction) {
    const { text, selection } = transaction.adopt;
    next = state.with({
      string: state.stringOf(text),
      selection,
      history: state.history.replacePresent({ text, selection }),
    });
  } else if ('catalog' in transaction) {
    const [start, end] = state.string.positionsOf(state.selection, 'utf16') ?? [0, 0];
    const string = new TextBackedString(state.text, transaction.catalog);
    next = state.with({
      string,
      selection: EditorState.wholeRange(string, start, end),
      history: state.history.emptied(),
    });
  } else if ('clear' in transaction)
    next = state.with({ string: state.stringOf(''), selection: caret(0), history: state.history.emptied() });
  else if ('history' in transaction) next = state.with({ history: transaction.history });
  else throw new Error(`not a transaction: ${Object.keys(transaction).join(', ')}`);
  return { state: next, answer: null };
}

function edited(state, { edit, selection, shown = selection, text = state.text, step = null, at = 0, place = null }) {
  const { answer, string } = answerTo(edit, state.stringOf(text), selection, 'utf16', state.policy);
  const after = place ? place(answer, string) : answer.selection;
  const history =
    step && answer.text !== text
      ? state.history.record(
          { text: state.text, selection: shown },
          { text: answer.text, selection: after },
          { ...step, at },
        )
      : state.history;
  return { state: state.with({ string, selection: after, counts: answer.counts, history }), answer };
}

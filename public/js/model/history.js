// Owns: undo and redo of the editor's states ({text, selection}, as shown).
// A step goes from the state before an edit to the state after it. A run of
// typed text at one place, without a pause over `groupDelayMs`, is one step;
// any other edit (a paste, a cut, a sticker, a delete-key press) is its own.
// Typed text that took a while to arrive (an IME composition, a word on an
// Android keyboard) is judged by the pause before its first key, not by its
// commit: words typed at a steady pace stay one step however long each took.
// Pure, and a value: each change answers a new history (the editor keeps it in its state,
// editor-state.js), and the editor passes each edit's time.

const sameState = (a, b) =>
  a.text === b.text && a.selection.location === b.selection.location && a.selection.length === b.selection.length;

export class History {
  /** An empty history; `done` and `undone` (steps, oldest first) are its own to build. */
  constructor({ limit = 200, groupDelayMs = 1000 } = {}, done = [], undone = []) {
    this.limit = limit;
    this.groupDelayMs = groupDelayMs;
    this.done = done;
    this.undone = undone;
    Object.freeze(this);
  }

  /** This history with `done` and `undone` (at most `limit` steps: copying them costs no more). */
  #with(done, undone) {
    return new History({ limit: this.limit, groupDelayMs: this.groupDelayMs }, done, undone);
  }

  /** The same history with nothing in it. */
  emptied() {
    return this.#with([], []);
  }

  /** The history with an edit from `before` to `after` (states) made at `at` ms; `typed`: text typed,
   *  which joins the typed text before it; `since`: when its typing began (`at` by default). */
  record(before, after, { typed = false, at = 0, since = at } = {}) {
    if (before.text === after.text) return this; // a caret move is not a step
    const last = this.done[this.done.length - 1];
    if (typed && last?.typed && last.open && sameState(last.after, before) && since - last.at <= this.groupDelayMs) {
      return this.#with([...this.done.slice(0, -1), Object.freeze({ ...last, after, at })], []);
    }
    const done = [...this.done, Object.freeze({ before, after, typed, at, open: true })];
    return this.#with(done.length > this.limit ? done.slice(1) : done, []);
  }

  /** `{history, state}`: the history after an undo and the state to show, or null when there is nothing to undo. */
  undo() {
    const step = this.done[this.done.length - 1];
    if (!step) return null;
    // typing after an undo starts a new step
    const history = this.#with(this.done.slice(0, -1), [...this.undone, Object.freeze({ ...step, open: false })]);
    return { history, state: step.before };
  }

  /** `{history, state}`: the history after a redo and the state to show, or null when there is nothing to redo. */
  redo() {
    const step = this.undone[this.undone.length - 1];
    if (!step) return null;
    return { history: this.#with([...this.done, step], this.undone.slice(0, -1)), state: step.after };
  }

  /** The present was replaced without an edit (the server's correction): a redo to it gives the
   *  state shown now. */
  replacePresent(state) {
    const last = this.done[this.done.length - 1];
    return last ? this.#with([...this.done.slice(0, -1), Object.freeze({ ...last, after: state })], this.undone) : this;
  }

  get canUndo() {
    return this.done.length > 0;
  }
  get canRedo() {
    return this.undone.length > 0;
  }
}

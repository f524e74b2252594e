// Owns: undo and redo of the editor's states ({text, selection}, as shown).
// A step goes from the state before an edit to the state after it. A run of
// typed text at one place, without a pause over `groupDelayMs`, is one step;
// any other edit (a paste, a cut, a sticker, a delete-key press) is its own.
// Typed text that took a while to arrive (an IME composition, a word on an
// Android keyboard) is judged by the pause before its first key, not by its
// commit: words typed at a steady pace stay one step however long each took.
// Pure: the editor passes each edit's time.

const sameState = (a, b) =>
  a.text === b.text && a.selection.location === b.selection.location && a.selection.length === b.selection.length;

export class History {
  constructor({ limit = 200, groupDelayMs = 1000 } = {}) {
    this.limit = limit;
    this.groupDelayMs = groupDelayMs;
    this.done = [];
    this.undone = [];
  }

  /** Records an edit from `before` to `after` (states) made at `at` ms; `typed`: text typed,
   *  which joins the typed text before it; `since`: when its typing began (`at` by default). */
  record(before, after, { typed = false, at = 0, since = at } = {}) {
    if (before.text === after.text) return; // a caret move is not a step
    this.undone = [];
    const last = this.done[this.done.length - 1];
    if (typed && last?.typed && last.open && sameState(last.after, before) && since - last.at <= this.groupDelayMs) {
      last.after = after;
      last.at = at;
      return;
    }
    this.done.push({ before, after, typed, at, open: true });
    if (this.done.length > this.limit) this.done.shift();
  }

  /** The state to show for undo, or null when there is nothing to undo. */
  undo() {
    const step = this.done.pop();
    if (!step) return null;
    step.open = false; // typing after an undo starts a new step
    this.undone.push(step);
    return step.before;
  }

  /** The state to show for redo, or null when there is nothing to redo. */
  redo() {
    const step = this.undone.pop();
    if (!step) return null;
    this.done.push(step);
    return step.after;
  }

  /** The present was replaced without an edit (the server's correction): a
   *  redo to it gives the state shown now. */
  replacePresent(state) {
    const last = this.done[this.done.length - 1];
    if (last) last.after = state;
  }

  get canUndo() {
    return this.done.length > 0;
  }
  get canRedo() {
    return this.undone.length > 0;
  }
}

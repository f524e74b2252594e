// editor.js owns editing: each change to the field is an edit of the JS text
// model, in the same frame (word deletions: word-range.js). What the browser
// changes itself (an IME commit) is read as a diff (text-diff.js). Nothing
// rewrites a composition. After each input event the field shows the model's
// state: none it cannot leave. The state is one immutable value
// (editor-state.js); every change to it is a transaction, applied by dispatch.

// The model's modules, each as model/index.js (its face for node and the embed) exports it: the
// face itself is not part of the start.
import { Catalog } from '../model/catalog.js';
import { parsePolicy } from '../model/requests.js';
import { changeBetween } from '../model/text-diff.js';
import { EditorState, update } from './editor-state.js';
import * as view from './editor-dom.js';

export const policyJSON = Object.freeze({ maxLength: 140, countMode: 'graphemes', stickerWeight: 1 });

// Until the packs arrive, every code is text.
let state = EditorState.empty(new Catalog({ packs: [] }), parsePolicy(policyJSON));
let cancelled = null; // the input type of a beforeinput the model made, until the task ends
let hooks;

/**
 * Applies `transaction` (editor-state.js's `update`) to the state: the one place the state changes.
 * `show`: the field shows the new state (the caret, unless the search is typed in). Answers the
 * model's answer to an edit, else null; throws the model's EditError, the state left as it was.
 */
function dispatch(transaction, { show = false } = {}) {
  const { state: next, answer } = update(state, transaction);
  state = next;
  if (show) showState();
  return answer;
}

function showState() {
  // The panel's keys never take the focus from a pointer, so an open panel with the focus on nothing
  // keeps the caret in the field; a control the user went to with the keyboard (the search, a key
  // reached by Tab) keeps the focus: a selection put into the field would move it there, and the next
  // Enter would send. The caret is remembered and placed when the field has the focus again.
  const active = document.activeElement;
  const elsewhere = active && active !== document.body && !view.hasFocus();
  view.showString(state.string, state.selection, {
    placeCaret: view.hasFocus() || (hooks.isPanelOpen() && !elsewhere),
  });
  hooks.onCounts(state.counts);
}

const composition = () => state.composition !== null;

// The undo history loads after startup or at the first edit; until then the state keeps its steps.
let historyLoading = null;
export const loadHistory = () =>
  (historyLoading ??= import('../model/history.js').then((module) => {
    if (!(state.history instanceof module.History))
      dispatch({ history: state.history.loadedInto(new module.History()) });
  }));
// How undo sees an edit: typed (grouped), its own step, none (an undo, a draft).
const TYPED = { typed: true },
  OWN_STEP = { typed: false },
  NO_STEP = null;

/** Applies `op` to the field; the model's response, or null. */
export function edit(op, extra = {}) {
  return apply(op, extra, OWN_STEP);
}

/** The model's edit (a composition committed first); `step`: how undo sees it. */
function apply(op, extra, step) {
  endComposition();
  if (step !== NO_STEP) readBrowserChange();
  return run(op, extra, step, view.readSelection());
}

/** `apply` without reading the browser's changes; `shown`: the selection before; `place(answer,
 *  string)`: the caret. `extra`: the operation's fields, and the `selection` and `text` it names. */
function run(op, extra, step, shown, place = null) {
  const { text = state.text, selection = shown, ...fields } = extra;
  const request = { text, selection, unit: 'utf16', op, ...fields }; // as the server is asked (authority.js)
  const history = state.history;
  let response;
  try {
    response = dispatch(
      { edit: { op, ...fields }, text, selection, shown, step, at: performance.now(), place },
      { show: true },
    );
  } catch (error) {
    console.warn('stickertext: the model refused an edit:', error.code, error.message);
    hooks.onNote(null, 'editFailed');
    showState();
    return null;
  }
  if (state.history !== history) loadHistory(); // a step: undo's module comes now, if not yet
  if (response.note || response.rejected) hooks.onNote(response);
  hooks.onEdit(request, response, { replacesText: step === NO_STEP });
  return response;
}

/** The browser's own change, inserted over its range in whole units (`own`: its own undo step;
 *  `since`: when its typing began); false when none. The caret stays where the browser put it if
 *  the model kept the field's text (after an autocorrected word). */
function readBrowserChange(own = false, since = undefined) {
  const { text, string } = state;
  // A keyboard's object characters, the stickers it replaced (object-characters.js; until it loads, as they came).
  let field = view.plainOf(),
    caret = view.plainCaret();
  if (objects) [field, caret] = objects.stickersBack(string, field, caret);
  if (field === text) return false;
  const change = changeBetween(text, field, caret);
  const from = string.snapDown(change.from),
    to = string.snapUp(change.to);
  const inserted = text.slice(from, change.from) + change.inserted + text.slice(change.to, to);
  run(
    'insert',
    { selection: string.displayRangeOf([from, to], 'utf16'), string: inserted },
    change.inserted && !own ? { ...TYPED, since } : OWN_STEP,
    state.selection,
    (response, after) => {
      if (response.text !== field || caret === null) return response.selection;
      const at = after.snapUp(caret);
      return after.displayRangeOf([at, at], 'utf16');
    },
  );
  return true;
}

/** After each input event: the field shows the model's text and selection. */
function holdInvariant() {
  if (!composition() && (view.plainOf() !== state.text || !sameRange(view.readSelection(), state.selection))) {
    showState();
  }
}

const sameRange = (a, b) => a.location === b.location && a.length === b.length;

const undo = () => travel((past) => past.undo());

const redo = () => travel((past) => past.redo());

function travel(move) {
  loadHistory().then(() => {
    const moved = move(state.history);
    if (!moved) return;
    dispatch({ history: moved.history });
    apply('select', { text: moved.state.text, selection: moved.state.selection }, NO_STEP);
  });
}

/** The text and selection as the user has them now: the model's text (no composition) and the field's
 *  selection as it is (a click may have moved the caret since the last edit). */
export const liveState = () => ({
  text: state.text,
  selection: composition() ? state.selection : view.readSelection(),
});

/** The model's text as read (a TextBackedString, once a state): for what asks about its units. */
export const modelString = () => state.string;

/** What the field shows, a composition's text in it (for the autocomplete while an IME composes, and the tests). */
export const shown = () => ({ text: view.plainOf(), selection: view.readSelection() });

export const getCatalog = () => state.catalog;

export const composing = composition;

// An edit the user typed: then autocomplete looks before the caret.
function typed(op, extra, step = TYPED) {
  apply(op, extra, step);
  hooks.onTyped();
}

/** The range an input event names (a word autocorrected or deleted, a drop's point), or null. */
function targetOf(event) {
  const range = event.getTargetRanges()[0];
  if (!range) return null;
  const location = view.offsetOf(range.startContainer, range.startOffset);
  return { location, length: view.offsetOf(range.endContainer, range.endOffset) - location };
}

/** Whether the event names its own range: an insert not at the selection (autocorrect), a delete
 *  of more than the model's unit (a word). */
function namesMore(event, op) {
  const target = targetOf(event),
    shown = view.readSelection();
  if (!target || sameRange(target, shown)) return false;
  if (!op) return true;
  const { string } = state;
  const caret = shown.length ? null : string.positionOfDisplayOffset(shown.location, 'utf16');
  const range = caret !== null && string.positionsOf(target, 'utf16');
  const unit = range && (op === 'deleteBackward' ? string.unitBefore(caret) : string.unitAfter(caret));
  return !!range && (!unit || range[0] < unit[0] || range[1] > unit[1]);
}

// A change the browser made itself (an input, a composition's commit).
function browserChanged(own, since) {
  if (readBrowserChange(own, since)) hooks.onTyped();
  holdInvariant();
}

/** A composition ended (or was found gone): its commit is read, then what waited. */
function compositionEnded() {
  const waiting = state.composition?.waiting ?? null;
  dispatch({ compose: null });
  if (waiting?.cleared) {
    // only what it committed stays
    const change = changeBetween(state.text, view.plainOf(), view.plainCaret());
    clear();
    if (change?.inserted) typed('insert', { string: change.inserted });
  } else {
    if (view.plainOf() === state.text && waiting) adopt(waiting);
    browserChanged(false, state.composedSince);
  }
  // What waited for the end (whenComposed), in order.
  clearTimeout(endTimer);
  endTimer = undefined;
  for (const act of waitingEnd.splice(0)) act();
}

const touchScreen = () => matchMedia('(pointer: coarse)').matches;

/** Ends a composition now. Leaving the field makes the IME commit; not on a touch screen, where a
 *  blur closes the keyboard (iOS): what it shows is taken, and an update after is waited for. */
export function endComposition() {
  if (!composition()) return;
  if (view.hasFocus() && !touchScreen()) view.refocus();
  if (composition()) compositionEnded(); // a touch screen, or dropped without a compositionend
}

// What waits for the composition under way to end (whenComposed), and the timer that bounds the wait.
let waitingEnd = [],
  endTimer;

/** Runs `act` (Send, a panel key) with no composition under way: at once, the composition ended. On a
 *  touch screen, where the tap ends nothing (no blur), at the composition's end: a pinyin keyboard
 *  commits the characters chosen just after the tap (its letters were what showed); an Android
 *  keyboard composing a word commits nothing for a tap: after 300 ms what it shows is taken. */
export function whenComposed(act) {
  if (composition() && touchScreen()) {
    waitingEnd.push(act);
    endTimer ??= setTimeout(endComposition, 300);
  } else {
    endComposition();
    act();
  }
}

/** The model's record of the field after its last edit: `{text, selection, counts}`. */
export const modelRecord = () => state.record;

/** The packs arrived: codes become stickers; a new history (its selections counted codes as text). */
export function setCatalog(packsDocument) {
  endComposition(); // the field changes now
  dispatch({ catalog: new Catalog(packsDocument) }, { show: true });
}

/** What is to happen when the composition under way ends (`waiting`: editor-state.js). */
const atCompositionEnd = (waiting) => dispatch({ compose: { ...state.composition, waiting } });

/** The server's state shown; undo still goes back to what the user saw. */
export function adopt({ text, selection }) {
  // Under a composition: shown when it ends, if it committed nothing (a commit is checked anew).
  if (composition()) return void atCompositionEnd({ text, selection });
  dispatch({ adopt: { text, selection } }, { show: true });
}

/** Puts back a saved draft `{text, plainSelection}` under the policy; not a step of undo. */
export function restore(draft) {
  if (!draft?.text || state.text) return;
  const response = apply('insert', { text: '', selection: { location: 0, length: 0 }, string: draft.text }, NO_STEP);
  if (!response || response.text !== draft.text) return;
  const { location, length } = draft.plainSelection ?? { location: draft.text.length, length: 0 };
  const end = Math.min(location + length, draft.text.length);
  const start = Math.min(location, end);
  dispatch({ select: EditorState.wholeRange(state.string, start, end) }, { show: true });
}

/** Empties the field (its message sent) and its history; keeps what a composition commits. */
export function clear() {
  if (composition()) {
    atCompositionEnd({ cleared: true });
    return endComposition();
  }
  dispatch({ clear: true }, { show: true });
}

/** A paste or a drop (`at`: its selection): the plain text, else the HTML's (pasted-html.js), else a note. */
function pasteFrom(data, at = {}) {
  const nothing = () => hooks.onNote(null, 'nothingToPaste');
  // Cut first to what could fit (long-paste.js; until it loads, the model cuts it all).
  const fit = (text) => (pastes ? pastes.fitting(text, state.catalog, policyJSON.maxLength, hooks) : text);
  const paste = (text, extra) => edit('paste', { string: fit(text), ...extra });
  if (data.types.includes('text/plain')) return paste(data.getData('text/plain'), at);
  const html = data.getData('text/html'),
    selection = at.selection ?? view.readSelection();
  if (!html) return nothing();
  import('./pasted-html.js').then(({ readHTML }) => {
    const { text, altAsWords } = readHTML(html);
    if (!text) return nothing();
    const response = paste(text, { selection });
    // An image's description came in as words: said, unless the edit has its own note.
    if (altAsWords && response && !response.note && !response.rejected) hooks.onNote(null, 'altAsWords');
  }, nothing);
}

/** The model's selection follows the user's, widened to whole units in the field too. A new
 *  record: authority.js may hold the old one. */
function followSelection() {
  if (composition() || !view.hasSelectionInside() || view.plainOf() !== state.text) return;
  const shown = view.readSelection(),
    { string } = state;
  const range = string.positionsOf(shown, 'utf16');
  const selection = range ? string.displayRangeOf(range, 'utf16') : state.selection;
  if (!sameRange(selection, shown)) view.writeSelection(selection);
  dispatch({ select: selection });
}

/** Copy and cut: the model's text of the selection, in whole units. */
function toClipboard(event, op) {
  if (!view.hasSelectionInside()) return;
  event.preventDefault();
  const response = edit(op);
  if (response?.clipboard) event.clipboardData.setData('text/plain', response.clipboard);
}

// Loaded after startup, or at the first use: word-range.js, long-paste.js.
let words = null,
  pastes = null,
  objects = null;
export const loadEditing = () =>
  Promise.all([import('./word-range.js'), import('./long-paste.js'), import('./object-characters.js')]).then(
    ([w, p, o]) => {
      words = w;
      pastes = p;
      objects = o;
    },
  );

/** Ctrl+Backspace, Ctrl+Delete: word-range.js's range, one model edit. */
function deleteWord(backward) {
  if (!words) return loadEditing().then(() => deleteWord(backward));
  endComposition();
  readBrowserChange();
  const selection = words.wordSelection(state.string, view.readSelection(), backward);
  if (selection) typed('deleteBackward', { selection }, OWN_STEP);
}

// Ctrl/Cmd+Z undoes; Ctrl+Shift+Z, Cmd+Shift+Z and Ctrl+Y redo. A key outside a composition
// still thought under way: the browser dropped it.
function keyDown(event) {
  if (composition() && !state.composition.committing && !event.isComposing && event.keyCode !== 229) compositionEnded();
  if (!(event.ctrlKey || event.metaKey) || event.altKey || composition()) return;
  const key = event.key.toLowerCase();
  if (key === 'z' && !event.shiftKey) {
    event.preventDefault();
    undo();
  } else if ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey)) {
    event.preventDefault();
    redo();
  }
}

/** Hooks: isPanelOpen(), onCounts(counts), onNote(response | null, code?), onEdit(request,
 *  response, {replacesText}), onTyped(), onEnter() -> true when Enter sent. */
export function initEditor(
  element,
  { isPanelOpen, onCounts, onNote, onEdit, onTyped = () => {}, onEnter = () => false },
) {
  hooks = { isPanelOpen, onCounts, onNote, onEdit, onTyped, onEnter };
  view.initEditorDom(element);
  document.addEventListener('selectionchange', followSelection);
  element.addEventListener('keydown', keyDown);
  element.addEventListener('beforeinput', (event) => {
    cancelled = event.inputType;
    setTimeout(() => {
      cancelled = null;
    });
    if (event.inputType === 'historyUndo' || event.inputType === 'historyRedo') {
      // Ours, not the browser's; none inside a composition (Chromium says isComposing false).
      event.preventDefault();
      if (!composition()) (event.inputType === 'historyUndo' ? undo : redo)();
      return;
    }
    // The IME's, even said not composing (Chromium's Backspace in a composition).
    if (event.isComposing || composition() || !event.cancelable) return void (cancelled = null); // read at `input`
    const text = event.data ?? (event.dataTransfer ? event.dataTransfer.getData('text/plain') : null);
    switch (event.inputType) {
      case 'insertText':
      case 'insertReplacementText': // elsewhere: the browser's, read at `input`
        if (namesMore(event)) return void (cancelled = null);
        event.preventDefault();
        if (text) typed('insert', { string: text }, event.inputType === 'insertText' ? TYPED : OWN_STEP);
        break;
      case 'insertParagraph':
        event.preventDefault();
        if (!hooks.onEnter()) typed('insert', { string: '\n' });
        break;
      case 'insertLineBreak':
        event.preventDefault();
        typed('insert', { string: '\n' });
        break;
      case 'deleteContentBackward':
      case 'deleteContentForward': {
        const op = event.inputType === 'deleteContentBackward' ? 'deleteBackward' : 'deleteForward';
        if (namesMore(event, op)) return void (cancelled = null);
        event.preventDefault();
        typed(op, {}, OWN_STEP);
        break;
      }
      case 'deleteWordBackward':
      case 'deleteWordForward':
        event.preventDefault();
        deleteWord(event.inputType === 'deleteWordBackward');
        break;
      case 'insertFromDrop': {
        // pasted where it was dropped
        event.preventDefault();
        const at = targetOf(event) ?? view.readSelection();
        pasteFrom(event.dataTransfer, { selection: { location: at.location, length: 0 } });
        break;
      }
      case 'deleteByDrag':
      case 'formatBold':
      case 'formatItalic':
      case 'formatUnderline':
        event.preventDefault();
        break;
      default:
        cancelled = null; // line deletions, spell-check: the browser's, read at `input`
    }
  });
  // Chrome on Android makes a keyboard's deletion even when cancelled (w3c/input-events#181): the
  // model's edit stands.
  element.addEventListener('input', (event) => {
    if (event.inputType === cancelled) holdInvariant();
    else if (!event.isComposing && !composition()) browserChanged(event.inputType === 'insertReplacementText');
  });
  const composed = { text: '', committing: false, waiting: null };
  element.addEventListener('compositionstart', () => {
    dispatch({ compose: { ...composed, ...state.composition }, since: performance.now() });
  });
  element.addEventListener('compositionupdate', (event) => {
    // again, after endComposition took it
    dispatch({ compose: { ...composed, ...state.composition, text: event.data ?? '' } });
  });
  element.addEventListener('compositionend', (event) => {
    // WebKitGTK ends it with empty data before its commit (committing), then again: the first waits.
    const now = state.composition;
    if (!event.data && now?.text && !now.committing) {
      dispatch({ compose: { ...now, committing: true } });
      setTimeout(() => {
        if (state.composition?.committing) compositionEnded();
      });
      return;
    }
    compositionEnded();
  });
  element.addEventListener('blur', () => {
    if (composition()) compositionEnded();
  }); // else dropped
  // A file dropped anywhere on the page (an image) is no text: said, where the browser would open it in the page's place.
  const onlyFiles = ({ dataTransfer }) =>
    dataTransfer?.types.includes('Files') &&
    !['text/plain', 'text/html'].some((type) => dataTransfer.types.includes(type));
  document.addEventListener('dragover', (event) => {
    if (onlyFiles(event)) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    if (!onlyFiles(event)) return;
    event.preventDefault();
    hooks.onNote(null, 'onlyText');
  });
  element.addEventListener('paste', (event) => {
    event.preventDefault();
    pasteFrom(event.clipboardData);
  });
  element.addEventListener('copy', (event) => toClipboard(event, 'copy'));
  element.addEventListener('cut', (event) => toClipboard(event, 'cut'));
  element.addEventListener('dragstart', (event) => event.preventDefault());
  // A click on a sticker: the caret on its nearer side.
  element.addEventListener('click', (event) => {
    if (event.target.nodeName === 'IMG') view.caretBeside(event.target, event.clientX);
  });
  showState();
}

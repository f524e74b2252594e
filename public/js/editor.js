// editor.js owns editing: it turns the editor's events (and the panel's
// inserts, deletes and caret moves) into edits of the JS text model, applied
// at once, in the same frame: no network on this path. authority.js checks
// each edit with the server after a pause. The only module that edits text.
//
// One path for every change. What the browser changes on its own (an IME
// commit, a word deletion, autocorrect, Android composing every key) is read
// as the difference between the field's text and the model's (text-diff.js)
// and applied as an `insert` over the changed range: codes become stickers,
// the policy and its limit apply, the model places the caret. A composition
// is left alone until it commits: nothing rewrites the field under it. What
// must change the field at once (a sticker from the panel, Send) has the
// browser commit it first; what can wait (the server's correction, the field
// emptied after a message left) waits for its end. After every input event
// the field shows the model's state again if it differs: no state the editor
// cannot leave.

import { Catalog, TextBackedString, edit as editRequest, counts, parsePolicy, changeBetween } from './model/index.js';
import * as view from './editor-dom.js';
import { nodesOf } from './sticker-nodes.js';

/** The page's input policy: 140 characters, a sticker counts 1. */
export const policyJSON = Object.freeze({ maxLength: 140, countMode: 'graphemes', stickerWeight: 1 });
const policy = parsePolicy(policyJSON);

let catalog = new Catalog({ packs: [] });  // until the packs arrive, every code is text
let doc = { text: '', selection: { location: 0, length: 0 }, counts: null };
let composition = false;
let composedSince = 0;  // when the composition under way began: undo groups typing by the pauses between keys
// What replaces the field when the composition ends: the server's state ({text, selection}), or
// {cleared: true} while clear() has the composition commit (the message it held has left).
let deferred = null;
let cancelled = null;  // the input type of a beforeinput the model made, until the task ends
// The undo history loads after startup (or at the first edit); steps made before wait here.
let history = null, waiting = [], historyLoading = null;
export const loadHistory = () => (historyLoading ??= import('./model/history.js').then((m) => {
  history = new m.History();
  for (const step of waiting) history.record(...step);
  waiting = [];
}));
function remember(...step) {
  if (history) history.record(...step);
  else { waiting.push(step); loadHistory(); }
}
// How undo sees an edit: typed (grouped), a step of its own, none (an undo, a restored draft).
const TYPED = { typed: true }, OWN_STEP = { typed: false }, NO_STEP = null;
function forget() {
  waiting = [];
  if (history) history = new history.constructor();
}
let hooks = { isPanelOpen: () => false, onCounts: () => {}, onNote: () => {}, onEdit: () => {}, onTyped: () => {}, onEnter: () => false };

/** Shows `text` with `selection` (`known`: its counts). The DOM caret is placed while the editor has
 *  the focus or the panel is open, not while another field (the search) is typed in. */
function show(text, selection, known) {
  const string = new TextBackedString(text, catalog);
  const elsewhere = document.activeElement?.matches('input, textarea');
  view.showString(string, selection, { placeCaret: view.hasFocus() || (hooks.isPanelOpen() && !elsewhere) });
  doc = { text, selection, counts: known ?? counts(string, policy) };
  hooks.onCounts(doc.counts);
}

/** Applies `op` to the field (or to extra.selection); the model's response, or null. */
export function edit(op, extra = {}) {
  return apply(op, extra, OWN_STEP);
}

/** The model's edit of `doc` (or of `extra.text`); `step`: how undo sees it; `place(response)`:
 *  where the caret goes instead of the model's selection. A composition under way is committed
 *  first: the edit changes the field now. */
function apply(op, extra, step, place = null) {
  endComposition();
  if (step !== NO_STEP) readBrowserChange();
  return run(op, extra, step, view.readSelection(), place);
}

/** `apply` without reading the browser's changes; `shown`: the selection before, for undo. */
function run(op, extra, step, shown, place = null) {
  const before = { text: doc.text, selection: shown };
  const request = { text: doc.text, selection: before.selection, unit: 'utf16', op, ...extra, policy: policyJSON };
  let response;
  try {
    response = editRequest(request, catalog);
  } catch (error) {
    console.warn('stickertext: the model refused an edit:', error.code, error.message);
    hooks.onNote(null, 'editFailed');
    show(doc.text, doc.selection, doc.counts);  // the field shows the model's state, as before the edit
    return null;
  }
  const selection = place ? place(response) : response.selection;
  show(response.text, selection, response.counts);
  if (step !== NO_STEP && response.text !== request.text) {
    remember(before, { text: response.text, selection }, { ...step, at: performance.now() });
  }
  if (response.note || response.rejected) hooks.onNote(response);
  hooks.onEdit(request, response, { replacesText: step === NO_STEP });
  return response;
}

/** A change the browser made on its own as a model edit: the changed range widened to whole
 *  units, inserted as typed text (`since`: when its typing began, a composition's start).
 *  False when the field shows the model's text. */
function readBrowserChange(since = undefined) {
  const field = view.plainOf();
  if (field === doc.text) return false;
  const change = changeBetween(doc.text, field, view.plainCaret());
  const string = new TextBackedString(doc.text, catalog);
  const from = string.snapDown(change.from), to = string.snapUp(change.to);
  const inserted = doc.text.slice(from, change.from) + change.inserted + doc.text.slice(change.to, to);
  run('insert', { selection: string.displayRangeOf([from, to], 'utf16'), string: inserted },
    change.inserted ? { ...TYPED, since } : OWN_STEP, doc.selection);
  return true;
}

/** After every input event: the field's text and selection are the model's, or are shown again. */
function holdInvariant() {
  if (composition) return;
  const shown = view.readSelection();
  if (view.plainOf() !== doc.text || shown.location !== doc.selection.location || shown.length !== doc.selection.length) {
    show(doc.text, doc.selection, doc.counts);
  }
}

/** Undo: the state before the last step, as the user saw it. */
export const undo = () => travel((h) => h.undo());

export const redo = () => travel((h) => h.redo());

function travel(move) {
  loadHistory().then(() => {
    const state = move(history);
    if (state) apply('select', { text: state.text, selection: state.selection }, NO_STEP);
  });
}

/** The model's text (without an uncommitted composition) and the field's selection. */
export const state = () => ({ text: doc.text, selection: composition ? doc.selection : view.readSelection() });

/** What the field's DOM shows (the tests hold it to the model's record). */
export const shown = () => ({ text: view.plainOf(), selection: view.readSelection() });

export const getCatalog = () => catalog;

export const composing = () => composition;

// An edit the user typed: applied, then autocomplete may look at what is before the caret.
function typed(op, extra, step = TYPED, place = null) {
  apply(op, extra, step, place);
  hooks.onTyped();
}

/** The range an input event names (an autocorrection's word, a drop's point, a deletion), in
 *  display units, or null. */
function targetOf(e) {
  const range = e.getTargetRanges()[0];
  if (!range) return null;
  const location = view.offsetOf(range.startContainer, range.startOffset);
  return { location, length: view.offsetOf(range.endContainer, range.endOffset) - location };
}

const sameRange = (a, b) => a.location === b.location && a.length === b.length;

/** Text typed or chosen (a key, an autocorrection, a spell-checker's choice) for the range the
 *  event names: the selection, or a word elsewhere. A caret after that word stays after the
 *  same text, as far from the end as it was. */
function typedOver(target, text, step) {
  const shown = view.readSelection();
  if (!target || sameRange(target, shown)) return typed('insert', { string: text }, step);
  const displayLength = (t) => new TextBackedString(t, catalog).displayLength('utf16');
  const after = shown.length === 0 && shown.location >= target.location + target.length;
  const fromEnd = displayLength(doc.text) - shown.location;
  typed('insert', { string: text, selection: target }, step, after ? (response) => {
    const end = displayLength(response.text);
    return { location: Math.min(end, Math.max(response.selection.location, end - fromEnd)), length: 0 };
  } : null);
}

/** A delete key: the model's deleteBackward or deleteForward (a whole sticker, a whole cluster),
 *  or, when the event names more than that unit (a keyboard deleting a word at once), that
 *  range in whole units. */
function deleted(e, op) {
  const target = targetOf(e), shown = view.readSelection();
  if (target && shown.length === 0 && target.length > 0) {
    const string = new TextBackedString(doc.text, catalog);
    const caret = string.positionOfDisplayOffset(shown.location, 'utf16'), range = string.positionsOf(target, 'utf16');
    const unit = caret === null ? null : op === 'deleteBackward' ? string.unitBefore(caret) : string.unitAfter(caret);
    if (range && caret !== null && (!unit || range[0] < unit[0] || range[1] > unit[1])) {
      return typed(op, { selection: string.displayRangeOf(range, 'utf16') }, OWN_STEP);
    }
  }
  typed(op, {}, OWN_STEP);
}

// A change the browser made itself (input outside a composition, a composition's commit).
function browserChanged(since = undefined) {
  if (readBrowserChange(since)) hooks.onTyped();
  holdInvariant();
}

/** The composition ended (or was found gone): what it committed is read as an edit, and what
 *  waited for it is done. */
function compositionEnded() {
  composition = false;
  const waiting = deferred;
  deferred = null;
  if (waiting?.cleared) {
    // The message left meanwhile: the field empties, and keeps what the composition committed.
    const change = changeBetween(doc.text, view.plainOf(), view.plainCaret());
    clear();
    if (change?.inserted) typed('insert', { string: change.inserted });
    return;
  }
  if (view.plainOf() === doc.text && waiting) adopt(waiting);
  browserChanged(composedSince);
}

/** Ends a composition under way as leaving the field does: the browser has the IME commit it,
 *  and compositionend reads the commit. The focus and the caret come back at once. For what
 *  must change the field now: an edit from the panel, Send. */
export function endComposition() {
  if (!composition) return;
  if (view.hasFocus()) view.refocus();
  if (composition) compositionEnded();  // the browser had dropped it without a compositionend
}

/** The model's own record of the field: `{text, selection, counts}` as the last edit left it. */
export const current = () => doc;

/** The packs arrived: codes become stickers, the selection kept on its text; a new history
 *  (the old one's selections counted codes as text). */
export function setCatalog(packsDocument) {
  const [start, end] = new TextBackedString(doc.text, catalog).positionsOf(doc.selection, 'utf16') ?? [0, 0];
  catalog = new Catalog(packsDocument);
  forget();
  const string = new TextBackedString(doc.text, catalog);
  const selection = string.displayRangeOf([string.snapDown(start), string.snapUp(end)], 'utf16');
  if (composition) {
    // Shown when the composition ends (as the server's state would be), not under it.
    doc = { ...doc, selection };
    if (!deferred) deferred = { text: doc.text, selection };
  } else show(doc.text, selection);
}

/** Shows `text` with `selection` as the server decided it: undo still goes back to what the user saw. */
export function adopt({ text, selection }) {
  // Not inside a composition, which a rewrite would break: kept until it ends, and shown then if it
  // committed nothing (a commit is a new edit, which the server checks again).
  if (composition) {
    deferred = { text, selection };
    return;
  }
  show(text, selection);
  if (history) history.replacePresent({ text, selection });
  else if (waiting.length) waiting[waiting.length - 1][1] = { text, selection };
}

/** Puts back a saved draft `{text, plainSelection}` into an empty field, inserted under the
 *  policy (cut to the limit, with a note), its caret back where it fits; not a step of undo. */
export function restore(draft) {
  if (!draft?.text || doc.text) return;
  const response = apply('insert', { text: '', selection: { location: 0, length: 0 }, string: draft.text }, NO_STEP);
  if (!response || response.text !== draft.text) return;
  const string = new TextBackedString(draft.text, catalog);
  const { location, length } = draft.plainSelection ?? { location: draft.text.length, length: 0 };
  const end = Math.min(location + length, draft.text.length);
  const start = Math.min(location, end);
  show(draft.text, string.displayRangeOf([string.snapDown(start), string.snapUp(end)], 'utf16'), response.counts);
}

/** A message as the model renders it: its nodes, and its stickers as /api/render lists them. */
export function message(text) {
  const string = new TextBackedString(text, catalog);
  return { nodes: nodesOf(string), stickers: counts(string, policy).stickers };
}

/** Empties the field after a message was sent: the history of that message goes with it. A
 *  composition under way (the next message, begun meanwhile) is committed first and kept. */
export function clear() {
  if (composition) {
    deferred = { cleared: true };
    endComposition();  // compositionEnded empties the field, keeping what the composition committed
    return;
  }
  show('', { location: 0, length: 0 });
  forget();
}

/** Text dropped on the field: pasted where it was dropped, under the policy like any paste. */
function dropped(e) {
  const at = targetOf(e), text = e.dataTransfer?.getData('text/plain');
  if (!text) return;
  edit('paste', { string: text, selection: { location: (at ?? view.readSelection()).location, length: 0 } });
}

/** A paste: the clipboard's plain text, else its HTML's text (pasted-html.js); else a note. */
function pasteFrom(data) {
  if (data.types.includes('text/plain')) return edit('paste', { string: data.getData('text/plain') });
  const html = data.getData('text/html'), selection = view.readSelection();
  const nothing = () => hooks.onNote(null, 'nothingToPaste');
  if (!html) return nothing();
  import('./pasted-html.js').then(({ textOfHTML }) => {
    const text = textOfHTML(html);
    if (text) edit('paste', { string: text, selection }); else nothing();
  }, nothing);
}

/** The model's selection follows the user's, in whole units: one ending inside a cluster (a script
 *  can split even a surrogate pair) is widened in the field too. A new record: authority.js may
 *  hold the old one, to check. */
function followSelection() {
  if (composition || !view.hasSelectionInside() || view.plainOf() !== doc.text) return;
  const shown = view.readSelection(), string = new TextBackedString(doc.text, catalog);
  const range = string.positionsOf(shown, 'utf16');
  const selection = range ? string.displayRangeOf(range, 'utf16') : doc.selection;
  if (selection.location !== shown.location || selection.length !== shown.length) view.writeSelection(selection);
  doc = { ...doc, selection };
}

/** Copy and cut: the model's text of the selection in whole units, the range a cut removes. */
function toClipboard(e, op) {
  if (!view.hasSelectionInside()) return;
  e.preventDefault();
  const response = edit(op);
  if (response?.clipboard) e.clipboardData.setData('text/plain', response.clipboard);
}

// Ctrl/Cmd+Z undoes; Ctrl+Shift+Z, Cmd+Shift+Z and Ctrl+Y redo. A key that is not part of a
// composition while the editor thinks one is under way: the browser dropped it (a script
// rewrote the field) without a compositionend, and the editor stops waiting for one.
function keyDown(e) {
  if (composition && !e.isComposing && e.keyCode !== 229) compositionEnded();
  if (!(e.ctrlKey || e.metaKey) || e.altKey || composition) return;
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) { e.preventDefault(); undo(); } else if ((key === 'z' && e.shiftKey) || (key === 'y' && e.ctrlKey)) { e.preventDefault(); redo(); }
}

/** Hooks: isPanelOpen(), onCounts(counts), onNote(response | null, code?), onEdit(request,
 *  response, {replacesText}), onTyped() after a typed edit, onEnter() -> true when Enter sent. */
export function initEditor(element, { isPanelOpen, onCounts, onNote, onEdit, onTyped = () => {}, onEnter = () => false }) {
  hooks = { isPanelOpen, onCounts, onNote, onEdit, onTyped, onEnter };
  view.initEditorDom(element);
  document.addEventListener('selectionchange', followSelection);
  element.addEventListener('keydown', keyDown);
  element.addEventListener('beforeinput', (e) => {
    cancelled = e.inputType;
    setTimeout(() => { cancelled = null; });
    if (e.inputType === 'historyUndo' || e.inputType === 'historyRedo') {
      // Never the browser's own history (it knows only its own changes); none inside a composition,
      // which is the IME's to change (Chromium sends these with isComposing false).
      e.preventDefault();
      if (!composition) (e.inputType === 'historyUndo' ? undo : redo)();
      return;
    }
    // IME: left alone until it commits. What the page cannot cancel the browser does: read at `input`.
    if (e.isComposing || !e.cancelable) return void (cancelled = null);
    const text = e.data ?? (e.dataTransfer ? e.dataTransfer.getData('text/plain') : null);
    switch (e.inputType) {
      case 'insertText': e.preventDefault(); if (text) typedOver(targetOf(e), text, TYPED); break;
      case 'insertReplacementText': e.preventDefault(); if (text) typedOver(targetOf(e), text, OWN_STEP); break;
      case 'insertParagraph': e.preventDefault(); if (!hooks.onEnter()) typed('insert', { string: '\n' }); break;
      case 'insertLineBreak': e.preventDefault(); typed('insert', { string: '\n' }); break;
      case 'deleteContentBackward': e.preventDefault(); deleted(e, 'deleteBackward'); break;
      case 'deleteContentForward': e.preventDefault(); deleted(e, 'deleteForward'); break;
      case 'insertFromDrop': e.preventDefault(); dropped(e); break;
      case 'deleteByDrag': case 'formatBold': case 'formatItalic': case 'formatUnderline': e.preventDefault(); break;
      default: cancelled = null;  // word deletions, spell-check: the browser's, read at `input`
    }
  });
  // Chrome on Android makes a keyboard's deletion even when cancelled (w3c/input-events#181): the
  // model's edit stands.
  element.addEventListener('input', (e) => {
    if (e.inputType === cancelled) holdInvariant();
    else if (!e.isComposing && !composition) browserChanged();
  });
  element.addEventListener('compositionstart', () => {
    composition = true;
    composedSince = performance.now();
  });
  element.addEventListener('compositionend', compositionEnded);
  // Leaving the field ends a composition (compositionend comes first); one still "under way" was dropped.
  element.addEventListener('blur', () => { if (composition) compositionEnded(); });
  element.addEventListener('paste', (e) => {
    e.preventDefault();
    pasteFrom(e.clipboardData);
  });
  element.addEventListener('copy', (e) => toClipboard(e, 'copy'));
  element.addEventListener('cut', (e) => toClipboard(e, 'cut'));
  element.addEventListener('dragstart', (e) => e.preventDefault());
  // A click on a sticker: the caret on its nearer side (the browser would select it, or nothing).
  element.addEventListener('click', (e) => { if (e.target.nodeName === 'IMG') view.caretBeside(e.target, e.clientX); });
  show('', doc.selection);
}

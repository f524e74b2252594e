// editor.js owns editing: it turns the editor's beforeinput/input/composition/
// paste/copy/cut events (and the panel's inserts, deletes and caret moves)
// into edit operations and applies them at once, in the same frame, with the
// JS text model: no network on this path. Each edit is then handed to
// authority.js, which checks it with the server after a pause. The only
// module that edits text; everything else goes through its interface:
//   initEditor(element, { isPanelOpen, onCounts, onNote, onEdit, onTyped })
//                                onTyped() follows each edit the user typed (keys, a committed IME text)
//   edit(op, extra) -> result    apply one operation (insert, insertSticker, paste,
//                                cut, deleteBackward, deleteForward, moveCaret, select);
//                                extra.selection acts on that range instead of the field's
//   state() -> { text, selection }   what the field shows
//   composing() -> bool          an IME composition is under way in the field
//   setCatalog(catalog)          the packs arrived: codes become stickers
//   getCatalog() -> Catalog      the model's catalog (for searching it)
//   adopt({ text, selection })   show a state the server decided, or a restored draft
//   current() -> { text, selection, counts }   the model's record of the field
//   restore(draft)               put back a saved draft ({text, plainSelection})
//   message(text) -> { nodes, stickers }   a sent message, rendered by the model
//   clear()                      empty the editor (after sending)

import { Catalog, TextBackedString, edit as editRequest, counts, parsePolicy } from './model/index.js';
import * as view from './editor-dom.js';
import { nodesOf } from './sticker-nodes.js';

/** The page's input policy: 140 characters, a sticker counts 1. */
export const policyJSON = Object.freeze({ maxLength: 140, countMode: 'graphemes', stickerWeight: 1 });
const policy = parsePolicy(policyJSON);

let catalog = new Catalog({ packs: [] });  // until the packs arrive, every code is text
let doc = { text: '', selection: { location: 0, length: 0 }, counts: null };
let composition = false;
let hooks = { isPanelOpen: () => false, onCounts: () => {}, onNote: () => {}, onEdit: () => {}, onTyped: () => {} };

/** Shows `text` with `selection`; `known` counts (an edit's response has them) are not counted again.
 *  The DOM caret is placed while the editor has the focus or the panel is open (its keys leave the
 *  caret in the editor), not while another field (the panel's search) is typed in: then it is only
 *  remembered, for the next edit. */
function show(text, selection, known) {
  const string = new TextBackedString(text, catalog);
  const elsewhere = document.activeElement?.matches('input, textarea');
  view.showString(string, selection, { placeCaret: view.hasFocus() || (hooks.isPanelOpen() && !elsewhere) });
  doc = { text, selection, counts: known ?? counts(string, policy) };
  hooks.onCounts(doc.counts);
}

/** Applies one operation to what the field shows now; returns the model's response. */
export function edit(op, extra = {}) {
  const request = { text: view.plainOf(), selection: view.readSelection(), unit: 'utf16', op, ...extra, policy: policyJSON };
  let response;
  try {
    response = editRequest(request, catalog);
  } catch (error) {
    hooks.onNote(error.message);
    return null;
  }
  show(response.text, response.selection, response.counts);
  if (response.message) hooks.onNote(response.message, response);
  hooks.onEdit(request, response);
  return response;
}

export const state = () => ({ text: view.plainOf(), selection: view.readSelection() });

export const getCatalog = () => catalog;

export const composing = () => composition;

// An edit the user typed: applied, then autocomplete may look at what is before the caret.
function typed(op, extra) {
  edit(op, extra);
  hooks.onTyped();
}

/** The model's own record of the field: `{text, selection, counts}` as the last edit left it. */
export const current = () => doc;

export function setCatalog(packsDocument) {
  catalog = new Catalog(packsDocument);
  adopt(state());
}

/** Shows `text` with `selection` as the model sees it (after a resync, a restored draft or the server's word). */
export function adopt({ text, selection }) {
  show(text, selection);
}

/** Puts back a saved draft `{text, plainSelection}` unless the field already holds text. */
export function restore(draft) {
  if (!draft || view.plainOf()) return;
  const string = new TextBackedString(draft.text, catalog);
  const { location, length } = draft.plainSelection;
  const end = Math.min(location + length, draft.text.length);
  const start = Math.min(location, end);
  adopt({ text: draft.text, selection: string.displayRangeOf([string.snapDown(start), string.snapUp(end)], 'utf16') });
}

/** A message as the model renders it: its nodes, and its stickers as /api/render lists them. */
export function message(text) {
  const string = new TextBackedString(text, catalog);
  return { nodes: nodesOf(string), stickers: counts(string, policy).stickers };
}

export function clear() {
  adopt({ text: '', selection: { location: 0, length: 0 } });
}

function copyOut(e) {
  const text = view.selectedPlainText();
  if (text === null) return;
  e.clipboardData.setData('text/plain', text);
  e.preventDefault();
}

export function initEditor(element, { isPanelOpen, onCounts, onNote, onEdit, onTyped = () => {} }) {
  hooks = { isPanelOpen, onCounts, onNote, onEdit, onTyped };
  view.initEditorDom(element);
  element.addEventListener('beforeinput', (e) => {
    if (e.isComposing) return;  // IME: left alone until it commits
    const text = e.data ?? (e.dataTransfer ? e.dataTransfer.getData('text/plain') : null);
    switch (e.inputType) {
      case 'insertText': case 'insertReplacementText': e.preventDefault(); if (text) typed('insert', { string: text }); break;
      case 'insertParagraph': case 'insertLineBreak': e.preventDefault(); typed('insert', { string: '\n' }); break;
      case 'deleteContentBackward': e.preventDefault(); typed('deleteBackward'); break;
      case 'deleteContentForward': e.preventDefault(); typed('deleteForward'); break;
      case 'insertFromDrop': case 'deleteByDrag': case 'formatBold': case 'formatItalic': case 'formatUnderline': e.preventDefault(); break;
      default: break;  // word and line deletions: the browser does them, then the model resyncs
    }
  });
  // What the browser changed itself (word deletions, a committed IME text): the model reads it back and snaps the caret.
  element.addEventListener('input', (e) => { if (!e.isComposing) typed('select'); });
  element.addEventListener('compositionstart', () => { composition = true; });
  element.addEventListener('compositionend', () => { composition = false; typed('select'); });
  element.addEventListener('paste', (e) => { e.preventDefault(); edit('paste', { string: e.clipboardData.getData('text/plain') }); });
  element.addEventListener('copy', copyOut);
  element.addEventListener('cut', (e) => { copyOut(e); edit('cut'); });
  element.addEventListener('dragstart', (e) => e.preventDefault());
  show('', doc.selection);
}

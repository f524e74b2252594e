// main.js owns startup: it wires the modules together, sets the small test
// hook window.stickertext, restores the draft, loads the sticker packs, then
// marks the page ready (document.body.dataset.ready), and registers the
// service worker for offline use. Finding stickers (the editor's `[`
// autocomplete, the panel's search) is not needed to show the page or edit,
// so its code stays out of startup and its 40 KB budget: the autocomplete
// loads at the first key typed or 2 s after the page is ready, whichever is
// first, the search when the panel first opens (offline, from the service
// worker's copy). Once loaded, no keystroke asks the network for anything.

import { fetchPacks } from './api.js';
import { initStatus, updateCounter, say } from './status.js';
import * as editor from './editor.js';
import { initAuthority, record, check, stats } from './authority.js';
import { saveDraft, loadDraft } from './draft.js';
import { initChat } from './chat.js';
import { initPanel, isOpen, showPacks, showResults, showTab } from './panel.js';
import { focusKeepingCaret } from './editor-dom.js';
import { initPress } from './press.js';
import { initSwipe } from './swipe.js';
import { remember } from './recents.js';
import { registerServiceWorker } from './offline.js';

// Inserting a catalog item (from the grid, the search or a suggestion) also makes it the most
// recent. It replaces `range` (a suggestion's `[query`) when given, else the editor's selection.
function insertItem(item, range) {
  remember({ tag: item.tag, emoji: item.emoji, name: item.name, image: item.image });
  const where = range ? { selection: range } : {};
  return item.tag ? editor.edit('insertSticker', { tag: item.tag, ...where }) : editor.edit('insert', { string: item.emoji, ...where });
}

const editorElement = document.getElementById('editor');
let autocomplete = null, search = null;  // the modules, once loaded

// A module loaded at most once; a failed load (offline before the worker had it) is tried again next time.
const once = (load) => { let p = null; return () => (p ??= load().catch(() => { p = null; })); };
const loadAutocomplete = once(() => import('./autocomplete.js').then((m) => {
  m.initAutocomplete(editorElement, { state: editor.state, composing: editor.composing, catalog: editor.getCatalog, insert: insertItem });
  autocomplete = m;
}));
const loadSearch = once(() => import('./sticker-search.js').then((m) => {
  m.initSearch({ catalog: editor.getCatalog, showResults, showTab, insert: insertItem, focusEditor: focusKeepingCaret });
  search = m;
}));

// For the browser tests (Tests/e2e) only: edits are synchronous; idle() waits for the server's check;
// finders() resolves once the autocomplete and the search are loaded.
const hook = { edit: editor.edit, state: editor.state, idle: check, checks: stats,
  finders: () => Promise.all([loadAutocomplete(), loadSearch()]) };
window.stickertext = hook;

initStatus();
initPanel({
  onToggle: (open) => { autocomplete?.close(); search?.resetSearch(); if (open) loadSearch(); },
  onTab: () => search?.resetSearch(),
});
editor.initEditor(editorElement, {
  isPanelOpen: isOpen,
  onCounts: updateCounter,
  onNote: say,
  onEdit: (request, response) => {
    record(request, response);
    saveDraft({ text: response.text, plainSelection: response.plainSelection });
  },
  onTyped: () => (autocomplete ? autocomplete.typed() : loadAutocomplete().then(() => autocomplete?.typed())),
});
initAuthority({ current: editor.current, adopt: editor.adopt, policyJSON: editor.policyJSON });
initChat({ flush: check, state: editor.state, message: editor.message, clear: () => { editor.clear(); saveDraft({ text: '' }); } });
initPress({ edit: editor.edit, insert: insertItem, onRepeating: (on) => { hook.repeating = on; } });
initSwipe(editor.edit);

// The draft goes back once the catalog is known (its stickers show as stickers), or without it.
fetchPacks().then((catalog) => {
  editor.setCatalog(catalog);
  editor.restore(loadDraft());
  showPacks(catalog.packs);
  document.body.dataset.ready = '1';
  setTimeout(loadAutocomplete, 2000);
}).catch((e) => {
  editor.restore(loadDraft());
  say(`Could not load stickers: ${e.message}`);
});

registerServiceWorker();

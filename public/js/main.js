// main.js owns startup: it wires the modules together, sets the small test
// hook window.stickertext, restores the draft, loads the sticker packs, then
// marks the page ready (document.body.dataset.ready), and registers the
// service worker for offline use. The sticker keyboard and finding stickers
// (the editor's `[` autocomplete, the panel's search) are not needed to show
// the page or edit, so their code stays out of startup and its 40 KB budget:
// the keyboard and the autocomplete load 2 s after the page is ready, or
// sooner when first used (the toggle, a sticker's menu, a key typed), the
// search when the panel first opens (offline, from the service worker's
// copy). Once loaded, no keystroke asks the network for anything.

import { fetchPacks } from './api.js';
import { initStatus, updateCounter, say } from './status.js';
import * as editor from './editor.js';
import { initAuthority, record, check, stats } from './authority.js';
import { saveDraft, loadDraft } from './draft.js';
import { initChat } from './chat.js';
import { applyStrings, setLanguage, language, t, noteFor } from './strings.js';
import { initTheme } from './theme.js';
import { focusKeepingCaret } from './editor-dom.js';
import { registerServiceWorker } from './offline.js';

const editorElement = document.getElementById('editor');
let autocomplete = null, search = null, keyboard = null;  // the modules, once loaded

// A module loaded at most once; a failed load (offline before the worker had it) is tried again next time.
const once = (load) => { let p = null; return () => (p ??= load().catch(() => { p = null; })); };
// A module that inserts catalog items, loaded with inserting.js (which only they need) and given its insert.
const withInsert = (module) => Promise.all([import(module), import('./inserting.js')])
  .then(([m, inserting]) => [m, inserting.inserterFor(editor.edit)]);
const loadAutocomplete = once(() => withInsert('./autocomplete.js').then(([m, insert]) => {
  m.initAutocomplete(editorElement, { state: editor.state, composing: editor.composing, catalog: editor.getCatalog, insert });
  autocomplete = m;
}));
const loadSearch = once(() => loadKeyboard().then(() => withInsert('./sticker-search.js')).then(([m, insert]) => {
  m.initSearch({ catalog: editor.getCatalog, showResults: keyboard.showResults, showTab: keyboard.showTab, insert,
    focusEditor: focusKeepingCaret });
  search = m;
}));
const loadKeyboard = once(() => withInsert('./keyboard.js').then(([m, insert]) => {
  m.initKeyboard({
    edit: editor.edit,
    insert,
    catalog: editor.getCatalog,
    onToggle: (open) => { autocomplete?.close(); search?.resetSearch(); if (open) loadSearch(); },
    onTab: () => search?.resetSearch(),
    onRepeating: (on) => { hook.repeating = on; },
  });
  keyboard = m;
}));

// For the browser tests (Tests/e2e) only: edits are synchronous; idle() waits for the server's check;
// finders() resolves once the autocomplete and the search are loaded.
const hook = { edit: editor.edit, state: editor.state, idle: check, checks: stats,
  finders: () => Promise.all([loadAutocomplete(), loadSearch()]) };
window.stickertext = hook;

applyStrings();
initStatus();
initTheme();
document.getElementById('language').addEventListener('click', () => setLanguage(language() === 'zh' ? 'en' : 'zh'));
// Until the keyboard is loaded, the toggle loads and opens it, and a sticker's menu in a message loads it and opens.
document.getElementById('toggle').addEventListener('click', () => { if (!keyboard) loadKeyboard().then(() => keyboard.setOpen(true)); });
document.getElementById('messages').addEventListener('contextmenu', (e) => {
  const img = e.target.closest('img.sticker');
  if (!img || !editor.getCatalog()?.entry(img.alt)) return;
  e.preventDefault();
  loadKeyboard().then(() => keyboard.openStickerMenu(img));
});
editor.initEditor(editorElement, {
  isPanelOpen: () => keyboard?.isOpen() ?? false,
  onCounts: updateCounter,
  onNote: (message, response) => say(response ? noteFor(response, editor.policyJSON.maxLength) : message),
  onEdit: (request, response) => {
    record(request, response);
    saveDraft({ text: response.text, plainSelection: response.plainSelection });
  },
  onTyped: () => (autocomplete ? autocomplete.typed() : loadAutocomplete().then(() => autocomplete?.typed())),
});
initAuthority({ current: editor.current, adopt: editor.adopt, policyJSON: editor.policyJSON });
initChat({ flush: check, state: editor.state, message: editor.message, clear: () => { editor.clear(); saveDraft({ text: '' }); } });

// The draft goes back once the catalog is known (its stickers show as stickers), or without it.
fetchPacks().then((catalog) => {
  editor.setCatalog(catalog);
  editor.restore(loadDraft());
  keyboard?.showPacks(catalog.packs);
  document.body.dataset.ready = '1';
  setTimeout(() => { loadAutocomplete(); loadKeyboard(); }, 2000);
}).catch((e) => {
  editor.restore(loadDraft());
  say(t('noStickers', e.message));
});

registerServiceWorker();

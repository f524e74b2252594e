// main.js owns startup: it wires the modules together, sets the test hook
// window.stickertext, asks for the packs, restores the draft and marks the
// page ready (document.body.dataset.ready) once the packs came, or failed, or
// 3 s passed: typing never waits on the network. What is not needed to show the page or
// edit stays out of startup and its 40 KB budget: the keyboard, finding
// stickers (the `[` autocomplete, the panel's search), the server's check of
// the edits, sending, the undo history and the service worker load 2 s after
// ready, or at first use (the toggle, a sticker's menu, a key typed, an edit,
// Send; the search when the panel opens). Then no keystroke asks the network.

import { fetchPacks } from './api.js';
import { initStatus, updateCounter, say, sayLasting } from './status.js';
import * as editor from './editor.js';
import { saveDraft, loadDraft } from './draft.js';
import { applyStrings, setLanguage, language, onLanguage } from './strings.js';
import { initSettings, enterSends } from './settings.js';
import { focusKeepingCaret } from './editor-dom.js';

const editorElement = document.getElementById('editor');
const composer = document.getElementById('composer');
const startedUnder = navigator.serviceWorker?.controller ?? null;  // the worker whose version this page is
const START_WAIT_MS = 3000;  // the longest the start waits for the packs (their copy answers at once)
// A note in the page's language (notes.js, loaded at the first): `code`, else the edit `response`'s.
const note = (response, code) => import('./notes.js').then((m) => say(m.noteText(code ?? m.codeOf(response), editor.policyJSON.maxLength)));
let autocomplete = null, search = null, keyboard = null, authority = null, send = null;  // the modules, once loaded

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
// Edits made before authority.js is loaded wait for it here (the newest ones: it checks at most its last 32 anyway).
let unchecked = [];
const loadAuthority = once(() => import('./authority.js').then((m) => {
  m.initAuthority({ current: editor.current, adopt: editor.adopt, policyJSON: editor.policyJSON });
  authority = m;
  for (const args of unchecked) m.record(...args);
  unchecked = [];
}));
const loadChat = once(() => Promise.all([import('./chat.js'), loadAuthority()]).then(([m]) => {
  send = m.initChat({ flush: authority.check, state: editor.state, message: editor.message,
    clear: () => { editor.clear(); authority.reset(); saveDraft({ text: '' }); }, edit: editor.edit });
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
// model() is the model's record of the field beside what the field shows; adopt() stands for the server's correction;
// finders() resolves once the autocomplete, the search and the undo history are loaded.
const hook = { edit: editor.edit, state: editor.state, adopt: editor.adopt,
  idle: () => loadAuthority().then(() => authority.check()),
  get checks() { return authority?.stats ?? { checked: 0, differences: 0, unchecked: 0, failures: 0 }; },
  model: () => ({ text: editor.current().text, selection: editor.current().selection, shown: editor.shown() }),
  finders: () => Promise.all([loadAutocomplete(), loadSearch(), editor.loadHistory()]) };
window.stickertext = hook;

applyStrings();
initStatus();
initSettings(editorElement);
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
  onNote: note,
  onEdit: (request, response, options) => {
    saveDraft({ text: response.text, plainSelection: response.plainSelection });
    // Checked only with the server's packs: without them the page reads codes as text, as it must.
    if (!havePacks) return;
    if (authority) authority.record(request, response, options);
    else {
      unchecked = [...unchecked, [request, response, options]].slice(-32);
      loadAuthority();
    }
  },
  onTyped: () => (autocomplete ? autocomplete.typed() : loadAutocomplete().then(() => autocomplete?.typed())),
  onEnter: () => enterSends() && (composer.requestSubmit(), true),
});
// The page's height follows the visual viewport, so the on-screen keyboard never covers the field.
if (window.visualViewport) {
  const fit = () => document.documentElement.style.setProperty('--app-height', `${visualViewport.height}px`);
  visualViewport.addEventListener('resize', fit);
  fit();
}
// Send keeps the field's focus (a tap on it would close the on-screen keyboard), and gives it back.
document.getElementById('send').addEventListener('pointerdown', (e) => e.preventDefault());
composer.addEventListener('submit', (e) => {
  e.preventDefault();
  editor.endComposition();  // the word an Android keyboard is composing goes with the message
  if (document.activeElement !== editorElement) focusKeepingCaret();
  loadChat().then(() => send?.());
});

// After startup: what is not needed to show the page or edit, and the offline copy (the service worker).
const afterStartup = () => setTimeout(() => {
  loadAutocomplete(); loadKeyboard(); loadChat(); editor.loadHistory();
  import('./packs.js').then((m) => m.watchPacks({ have: () => havePacks, onPacks, onMissing }), () => {});
  import('./offline.js').then((m) => m.registerServiceWorker(startedUnder), () => {});  // offline before it was cached: next visit
}, 2000);

// Until packs come a note says why, and packs.js asks again; packs that come keep the text and caret.
let havePacks = false, missingPacks = false;
const sayMissing = () => import('./notes.js').then((m) => sayLasting('packs', missingPacks ? m.noteText('noStickers') : ''));
onLanguage(sayMissing);
const onPacks = (catalog) => {
  havePacks = true;
  editor.setCatalog(catalog);
  keyboard?.showPacks(catalog.packs);
  if (missingPacks) { missingPacks = false; sayMissing(); }
};
const onMissing = (error) => {
  if (!missingPacks) console.warn('stickertext: no packs yet:', error.message);
  missingPacks = true;
  sayMissing();
};
// The draft goes back once the catalog is known (its stickers show as stickers), or without it.
const packsAnswered = fetchPacks().then(onPacks, onMissing);
// Heard from the start: the worker's copy answered the start, the newer document comes a moment later.
navigator.serviceWorker?.addEventListener('message', (e) => { if (e.data?.type === 'packs-updated') fetchPacks().then(onPacks, () => {}); });
Promise.race([packsAnswered, new Promise((resolve) => setTimeout(resolve, START_WAIT_MS))]).then(() => {
  editor.restore(loadDraft());
  document.body.dataset.ready = '1';
  afterStartup();
});

// main.js owns startup: it wires the modules together, sets the test hook
// window.stickertext, asks for the packs, restores the draft and marks the
// page ready (body[data-ready]) when the packs came, failed or took 3 s.
// What showing the page and editing do not need stays out of the start and
// its 40 KB: the keyboard, the `[` autocomplete and the search, the server's
// check, sending, undo and the service worker load 2 s after ready or at
// first use (but outbox-keep.js: a Send before sending has loaded keeps
// its message there). No keystroke asks the network.

import { watchPacks } from './packs.js';
import { initStatus, updateCounter, say, takeBack } from '../shared/status.js';
import * as editor from '../editor/editor.js';
import { saveDraft, loadDraft } from '../editor/draft.js';
import { keep, messageOf, refusalOf } from '../chat/outbox-keep.js';
import { applyStrings, setLanguage, language } from '../shared/strings.js';
import { initSettings, enterSends } from './settings.js';
import { focusKeepingCaret, useSystemKeyboard } from '../editor/editor-dom.js';

const editorElement = document.getElementById('editor');
const composer = document.getElementById('composer');
const startedUnder = navigator.serviceWorker?.controller ?? null; // the worker whose version this page is
const START_WAIT_MS = 3000;
// A note in the page's language (notes.js, loaded at the first): `code`, else the edit `response`'s. It is
// about the edit that made it: a later edit that changed the text without one takes it back, even before it shows.
let edits = 0;
const note = (response, code) => {
  const at = edits;
  return import('../shared/notes.js').then((module) => {
    if (at === edits) say(module.noteText(code ?? module.codeOf(response), editor.policyJSON.maxLength), 'edit');
  });
};
const noteGoes = () => {
  edits += 1;
  takeBack('edit');
};
let autocomplete = null,
  keyboard = null,
  authority = null,
  send = null; // the modules, once loaded

// A module loaded once; a failed load (offline, not in the copy yet) is tried again next time.
const once = (load) => {
  let loading = null;
  return () =>
    (loading ??= load().catch(() => {
      loading = null;
    }));
};
// A module that inserts catalog items, loaded with inserting.js (which only they need) and given its insert.
// Each import names its module as written (not a variable): the build bundles what it can name.
const withInsert = (load) =>
  Promise.all([load(), import('../panel/inserting.js')]).then(([module, inserting]) => [
    module,
    inserting.inserterFor(editor.edit),
  ]);
const loadAutocomplete = once(() =>
  withInsert(() => import('../editor/autocomplete.js')).then(([module, insert]) => {
    module.initAutocomplete(editorElement, {
      liveState: editor.liveState,
      modelString: editor.modelString,
      shown: editor.shown,
      composing: editor.composing,
      catalog: editor.getCatalog,
      insert,
    });
    autocomplete = module;
  }),
);
// Edits made before authority.js loads wait here (its last 32: it checks no more), with SENT where
// the field was emptied by Send.
let unchecked = [];
const SENT = 'sent';
const loadAuthority = once(() =>
  import('../editor/authority.js').then((module) => {
    module.initAuthority({
      modelRecord: editor.modelRecord,
      adopt: editor.adopt,
      onRefused: (code) => note(null, code),
      policyJSON: editor.policyJSON,
    });
    authority = module;
    for (const entry of unchecked) entry === SENT ? module.reset() : module.record(...entry);
    unchecked = [];
  }),
);
/** Empties the field for the next message: the edits checked so far are of a text that is gone. */
const clearField = () => {
  editor.clear();
  if (authority) authority.reset();
  else unchecked = [...unchecked, SENT];
  saveDraft({ text: '' });
};
const loadChat = once(() =>
  Promise.all([import('../chat/chat.js'), loadAuthority()]).then(([module]) => {
    send = module.initChat({
      flush: authority.check,
      liveState: editor.liveState,
      catalog: editor.getCatalog,
      clear: clearField,
      edit: editor.edit,
      reportDifference: authority.reportDifference,
    });
  }),
);
const loadKeyboard = once(() =>
  withInsert(() => import('../panel/keyboard.js')).then(([module, insert]) => {
    module.initKeyboard({
      edit: editor.edit,
      insert,
      whenComposed: editor.whenComposed,
      catalog: editor.getCatalog,
      field: { focus: focusKeepingCaret, useSystemKeyboard },
      onToggle: () => autocomplete?.close(),
      onRepeating: (on) => {
        hook.repeating = on;
      },
    });
    keyboard = module;
  }),
);

// For the browser tests only: idle() waits for the server's check; model() is the model's record
// beside what the field shows; adopt() stands for the server's correction; finders() loads the finders and undo;
// notes() resolves once notes.js has loaded (the page's modules have built names: a test cannot import its path).
const hook = {
  edit: editor.edit,
  state: editor.liveState,
  adopt: editor.adopt,
  idle: () => loadAuthority().then(() => authority.check()),
  get checks() {
    return authority?.stats ?? { checked: 0, differences: 0, unchecked: 0, failures: 0, refused: 0 };
  },
  model: () => ({ text: editor.modelRecord().text, selection: editor.modelRecord().selection, shown: editor.shown() }),
  finders: () =>
    Promise.all([
      loadAutocomplete(),
      loadKeyboard().then(() => keyboard.loadSearch()),
      editor.loadHistory(),
      editor.loadEditing(),
    ]),
  notes: () => import('../shared/notes.js').then(() => {}),
};
window.stickertext = hook;

applyStrings();
initStatus();
initSettings(editorElement);
document.getElementById('language').addEventListener('click', () => setLanguage(language() === 'zh' ? 'en' : 'zh'));
// Until the keyboard is loaded, the toggle and a message sticker's menu load it, then open.
document.getElementById('toggle').addEventListener('click', () => {
  if (!keyboard) loadKeyboard().then(() => keyboard?.setOpen(true));
});
document.getElementById('messages').addEventListener('contextmenu', (event) => {
  const img = event.target.closest('img.sticker');
  if (!img || !editor.getCatalog()?.entry(img.alt)) return;
  event.preventDefault();
  loadKeyboard().then(() => keyboard.openStickerMenu(img));
});
editor.initEditor(editorElement, {
  isPanelOpen: () => keyboard?.isOpen() ?? false,
  onCounts: (counts) => {
    updateCounter(counts);
    editorElement.toggleAttribute('data-empty', editor.liveState().text === '');
  },
  onNote: note,
  onEdit: (request, response, options) => {
    if (response.text !== request.text && !response.note && !response.rejected) noteGoes();
    saveDraft({ text: response.text, plainSelection: response.plainSelection });
    if (!havePacks) return; // without the server's packs, codes are text: nothing to check
    if (authority) authority.record(request, response, options);
    else {
      unchecked = [...unchecked, [request, response, options]].slice(-32);
      loadAuthority();
    }
  },
  onTyped: () => (autocomplete ? autocomplete.typed() : loadAutocomplete().then(() => autocomplete?.typed())),
  onEnter: () => {
    if (!enterSends()) return false;
    composer.requestSubmit();
    return true;
  },
});
editorElement.addEventListener('compositionstart', () => editorElement.removeAttribute('data-empty')); // text, not yet the model's
// The page follows the visual viewport (its top: iOS scrolls it), so the on-screen keyboard never covers the field.
if (window.visualViewport) {
  const fit = () => {
    const root = document.documentElement.style;
    root.setProperty('--app-height', `${visualViewport.height}px`);
    root.setProperty('--app-top', `${visualViewport.scale === 1 ? visualViewport.offsetTop : 0}px`);
  };
  visualViewport.addEventListener('resize', () => {
    fit();
    // The keyboard opened or closed: the field (app.css bounds it by --app-height) shows its caret again.
    if (document.activeElement === editorElement && !editor.composing()) focusKeepingCaret();
  });
  visualViewport.addEventListener('scroll', fit);
  fit();
}
// Send keeps the field's focus (a tap on it would close the on-screen keyboard), and gives it back.
document.getElementById('send').addEventListener('pointerdown', (event) => event.preventDefault());
composer.addEventListener('submit', (event) => {
  event.preventDefault();
  // The word an IME is composing goes with the message: on a touch screen, what it commits after the tap.
  editor.whenComposed(submit);
});
function submit() {
  if (document.activeElement !== editorElement) focusKeepingCaret();
  if (send) return void send();
  // Before chat.js has loaded, Send puts the field's text into the outbox at once, as chat.js's Send
  // does, and empties the field: what is typed while it loads is the next message (read once chat.js
  // had loaded, the field sent those letters with this message). chat.js shows and sends what the
  // outbox holds when it comes, as it does what an earlier visit left; should it not load, the
  // messages wait there, said so, and it is asked for again when the network is back.
  const { text } = editor.liveState();
  const refusal = text.trim() && refusalOf(text); // over a cap of the outbox: the field keeps it
  if (refusal) return void note(null, refusal);
  if (text.trim()) {
    authority?.check(); // the edits up to Send (until authority.js loads, they wait for it)
    keep(messageOf(text)).then((said) => said && note(null, said));
    clearField();
  }
  loadChat().then(() => {
    if (!send) note(null, 'notSent');
  });
}
window.addEventListener('online', () => {
  if (!send) loadChat();
});

// After startup: what showing and editing do not need, and the offline copy (the service worker).
const afterStartup = () =>
  setTimeout(() => {
    loadAutocomplete();
    loadKeyboard();
    loadChat();
    editor.loadHistory();
    editor.loadEditing();
    import('./offline.js').then(
      (module) => module.registerServiceWorker(startedUnder),
      () => {},
    ); // offline before it was cached: next visit
  }, 2000);

// The draft goes back once the packs came (its stickers show), or without them.
let havePacks = false;
const packsAnswered = watchPacks((catalog) => {
  havePacks = true;
  editor.setCatalog(catalog);
  keyboard?.showPacks(catalog.packs);
});
Promise.race([packsAnswered, new Promise((resolve) => setTimeout(resolve, START_WAIT_MS))]).then(() => {
  editor.restore(loadDraft());
  document.body.dataset.ready = '1';
  afterStartup();
});

// main.js owns startup: it wires the modules together, sets the small test
// hook window.stickertext, restores the draft, loads the sticker packs, then
// marks the page ready (document.body.dataset.ready), and registers the
// service worker for offline use.

import { fetchPacks } from './api.js';
import { initStatus, updateCounter, say } from './status.js';
import * as editor from './editor.js';
import { initAuthority, record, check, stats } from './authority.js';
import { saveDraft, loadDraft } from './draft.js';
import { initChat } from './chat.js';
import { initPanel, isOpen, showPacks } from './panel.js';
import { initPress } from './press.js';
import { initSwipe } from './swipe.js';
import { remember } from './recents.js';
import { registerServiceWorker } from './offline.js';

// Inserting a catalog item (from the grid) also makes it the most recent.
function insertItem(item) {
  remember({ tag: item.tag, emoji: item.emoji, name: item.name, image: item.image });
  return item.tag ? editor.edit('insertSticker', { tag: item.tag }) : editor.edit('insert', { string: item.emoji });
}

// For the browser tests (Tests/e2e) only: edits are synchronous; idle() waits for the server's check.
const hook = { edit: editor.edit, state: editor.state, idle: check, checks: stats };
window.stickertext = hook;

initStatus();
initPanel();
editor.initEditor(document.getElementById('editor'), {
  isPanelOpen: isOpen,
  onCounts: updateCounter,
  onNote: say,
  onEdit: (request, response) => {
    record(request, response);
    saveDraft({ text: response.text, plainSelection: response.plainSelection });
  },
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
}).catch((e) => {
  editor.restore(loadDraft());
  say(`Could not load stickers: ${e.message}`);
});

registerServiceWorker();

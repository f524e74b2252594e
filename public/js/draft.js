// draft.js owns the saved draft: the field's text and caret (as plain UTF-16
// offsets, which do not depend on the catalog), kept after every edit, so
// that a reload (offline too) or a closed tab loses nothing typed (not kept,
// the field still holds it). Each tab keeps its own, in sessionStorage: a
// reload gives the tab its own back, whatever another tab typed since (two
// tabs sharing one draft lost each other's text). The draft written last is
// also kept in localStorage, with its tab's name, to seed a new tab (or a tab
// the browser brings back). Sending empties the tab's own, and the seed if it
// was the tab's.

import { KEYS, readJSON, readText, store } from './storage.js';

let name = null;
/** This tab's name, kept across its reloads. */
function tab() {
  name ??= readText(KEYS.tab, 'session');
  if (!name) {
    name = Math.random().toString(36).slice(2);
    store(KEYS.tab, name, 'session');
  }
  return name;
}

/** Keeps `state` ({text, plainSelection}) as this tab's draft and as the last one written; an
 *  empty text empties them. */
export function saveDraft(state) {
  const draft = state.text ? { text: state.text, plainSelection: state.plainSelection } : null;
  store(KEYS.draft, draft ?? { text: '' }, 'session');
  if (draft) store(KEYS.draft, { ...draft, tab: tab() });
  else if (readJSON(KEYS.draft)?.tab === tab()) store(KEYS.draft, null);
}

const usable = (draft) => (typeof draft?.text === 'string' && draft.plainSelection ? draft : null);

/** The tab's own `{text, plainSelection}` (null when it emptied it), else the last one written by
 *  any tab (a new tab), else null. */
export function loadDraft() {
  const own = readJSON(KEYS.draft, 'session');
  if (own) return usable(own);
  return usable(readJSON(KEYS.draft));
}

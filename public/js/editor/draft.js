// draft.js owns the saved draft (text, plain caret), kept at every edit: each
// tab its own (sessionStorage), the last written seeding a new tab.

import { KEYS, readJSON, store } from '../shared/storage.js';

export function saveDraft(state) {
  const draft = state.text ? { text: state.text, plainSelection: state.plainSelection } : null;
  store(KEYS.draft, draft ?? { text: '' }, 'session');
  store(KEYS.draft, draft);
}

const usable = (draft) => (typeof draft?.text === 'string' && draft.plainSelection ? draft : null);

/** The tab's own `{text, plainSelection}` (null once emptied), else the last written, else null. */
export const loadDraft = () => usable(readJSON(KEYS.draft, 'session') ?? readJSON(KEYS.draft));

// draft.js owns the saved draft: the field's text and caret (as plain UTF-16
// offsets, which do not depend on the catalog), kept in
// localStorage after every edit, so that a reload (offline too) or a closed
// tab loses nothing typed (not kept, the field still holds it). Cleared when
// the message is sent.

import { KEYS, readJSON, store } from './storage.js';

export const saveDraft = (state) => store(KEYS.draft, state.text ? state : null);

/** The saved `{text, plainSelection}`, or null. */
export function loadDraft() {
  const draft = readJSON(KEYS.draft);
  return typeof draft?.text === 'string' && draft.plainSelection ? draft : null;
}

// draft.js owns the saved draft: the field's text and caret (as plain UTF-16
// offsets, which do not depend on the catalog), kept in
// localStorage after every edit, so that a reload (offline too) or a closed
// tab loses nothing typed. Cleared when the message is sent.

const KEY = 'stickertext.draft';

export function saveDraft(state) {
  try {
    if (state.text) localStorage.setItem(KEY, JSON.stringify(state));
    else localStorage.removeItem(KEY);
  } catch { /* storage full or disabled: the field still holds the text */ }
}

/** The saved `{text, plainSelection}`, or null. */
export function loadDraft() {
  try {
    const draft = JSON.parse(localStorage.getItem(KEY));
    return draft && typeof draft.text === 'string' && draft.plainSelection ? draft : null;
  } catch {
    return null;
  }
}

// early-send.js owns a Send pressed before the chat's code (chat.js) has
// loaded. The field's text is taken at the press, as chat.js's Send takes it,
// so that what is typed while chat.js loads is the next message (reading the
// field once it had loaded sent those letters with this message). Until the
// outbox keeps them, the taken texts stay in the saved draft, before the
// field's text, so that a reload loses none. Should chat.js not load (it
// failed, or no answer in 10 s), they go back at the field's start.

import { saveDraft } from '../editor/draft.js';

const GIVE_BACK_MS = 10000;

let taken = []; // texts Send took from the field, in order, not yet kept by the outbox
let field = { text: '' }; // the field's last draft: {text, plainSelection}
let waiting = false;

/** Saves the field's draft `{text, plainSelection}` (draft.js), the taken texts before its text. */
export function saveFieldDraft(state) {
  field = state;
  const before = taken.join('');
  if (!before) return saveDraft(state);
  const at = state.text ? state.plainSelection : { location: 0, length: 0 };
  saveDraft({
    text: before + state.text,
    plainSelection: { location: before.length + at.location, length: at.length },
  });
}

/** Send before chat.js has loaded: takes `text` (the field's; `clearField` empties it), and once
 *  `loaded` resolves (to chat.js's sendTaken, or to null: it did not load) hands the texts taken to
 *  it in order, or to `giveBack(text)` if chat.js did not load or took 10 s. */
export function takeBeforeLoad(text, { clearField, loaded, giveBack }) {
  if (text.trim()) {
    taken = [...taken, text];
    clearField(); // saves the field's draft, with the taken texts
  }
  if (waiting) return;
  waiting = true;
  const late = new Promise((resolve) => setTimeout(() => resolve(null), GIVE_BACK_MS));
  Promise.race([loaded, late]).then(async (sendTaken) => {
    waiting = false;
    const texts = taken;
    if (!texts.length) return;
    if (!sendTaken) {
      taken = [];
      saveFieldDraft(field);
      giveBack(texts.join(''));
      return;
    }
    // All begun now, in order, before anything else can send: the outbox keeps them in that order.
    await Promise.all(texts.map((message) => sendTaken(message)));
    taken = taken.slice(texts.length);
    saveFieldDraft(field);
  });
}

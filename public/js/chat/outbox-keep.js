// outbox-keep.js owns putting a message into the outbox (outbox.js's: the
// messages sent and not yet taken by the server, kept so that a reload or a
// closed tab loses none), what the start's Send needs of it; outbox.js,
// loaded with the chat, reads, refuses and forgets them. In IndexedDB, whose transactions
// every tab of the page sees at once (localStorage is cached per renderer
// process, so a second tab may read a message as waiting after the first has
// sent it, and send it again: seen in test_start.py's two-tab test), or in
// memory where IndexedDB will not keep them. Oldest first. The tabs tell each
// other what went out on a BroadcastChannel. Bounded: a message at most
// MESSAGE_BYTES, the outbox (waiting and refused) OUTBOX_COUNT messages and
// OUTBOX_BYTES in all; over either, Send refuses the message with a note and
// the field keeps it. IndexedDB's quota errors are said: the message is kept
// in this tab only, and nothing stored before is touched.

import { storeOf } from './idb.js';
import { KEYS, readJSON, store } from '../shared/storage.js';

export const CHANNEL = 'stickertext.outbox';

/** The largest message, in bytes of UTF-8: the service's body limit (a larger one it refuses, 413). */
export const MESSAGE_BYTES = 1024 * 1024;
/** The most messages the outbox holds, waiting and refused together, and their bytes of UTF-8. */
export const OUTBOX_COUNT = 100;
export const OUTBOX_BYTES = 4 * 1024 * 1024;

const encoder = new TextEncoder();
/** `text`'s length in UTF-8. */
export const utf8Bytes = (text) => encoder.encode(text).length;

// What the outbox held when last read or changed here (another tab's changes show at the next read):
// Send's check. keep() checks again in its transaction, which every tab's are ordered with.
export const tally = { count: 0, bytes: 0 };
export const recount = (messages) => {
  tally.count = messages.length;
  tally.bytes = messages.reduce((sum, m) => sum + utf8Bytes(m.text), 0);
};
const fits = (count, bytes, text) => count + 1 <= OUTBOX_COUNT && bytes + utf8Bytes(text) <= OUTBOX_BYTES;

/** Why Send cannot take `text` (a note's code: 'messageTooLarge', 'outboxFull'), or null. */
export const refusalOf = (text) =>
  utf8Bytes(text) > MESSAGE_BYTES ? 'messageTooLarge' : fits(tally.count, tally.bytes, text) ? null : 'outboxFull';

export const inStore = storeOf('stickertext', 'outbox');

// Messages IndexedDB would not keep (it cannot be opened, or a write failed): kept in memory for this
// page's life, after those it keeps. [{id, text, unkept: true}]
export const unkept = [];

/** A new message of `text`: `{id, text}`. */
export const messageOf = (text) => ({
  id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  text,
});

// IndexedDB answers later than Send empties the field: a tab closed or killed in between would lose the
// message. So Send writes it first to a journal in localStorage, which is written at once, and the
// journal lets go of it once the outbox has it; what a journal still holds after a moment (its tab died
// before the outbox had it) goes into the outbox at the next start of the chat.
export const JOURNAL_GRACE_MS = 10_000; // longer than any add takes: a live tab's message is never taken twice
export const journal = () => {
  const entries = readJSON(KEYS.sending);
  return Array.isArray(entries) ? entries : [];
};
export const setJournal = (entries) => store(KEYS.sending, entries.length ? entries : null);

/** Keeps `{id, text}` at the end of the outbox: in the journal before this returns, in the outbox after.
 *  Resolves to null, or a note's code when it is kept in this tab only: 'keptInTabOnly' (IndexedDB's quota
 *  is used up, or the outbox filled meanwhile in another tab). */
export async function keep(message) {
  setJournal([...journal(), { id: message.id, text: message.text, at: Date.now() }]);
  let said = null;
  try {
    let added = false,
      thrown = null;
    const all = await inStore('readwrite', (store) => {
      const read = store.getAll(); // the outbox as every tab has it: the check and the add in one transaction
      read.onsuccess = () => {
        const bytes = read.result.reduce((sum, m) => sum + utf8Bytes(m.text), 0);
        if (!fits(read.result.length, bytes, message.text)) return;
        try {
          store.add(message);
          added = true;
        } catch (error) {
          thrown = error; // thrown here, it would abort the transaction as an AbortError, its name lost
        }
      };
      return read;
    });
    if (thrown) throw thrown;
    recount(added ? [...all, message] : all);
    if (!added) throw new Error('outbox full');
  } catch (error) {
    // Not stored: kept in memory for this page's life, and said unless IndexedDB keeps nothing anyway.
    unkept.push({ ...message, unkept: true });
    if (error?.name === 'QuotaExceededError' || error?.message === 'outbox full') said = 'keptInTabOnly';
  }
  setJournal(journal().filter((entry) => entry.id !== message.id));
  return said;
}

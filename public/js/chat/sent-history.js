// sent-history.js owns the chat's history: the last 200 messages the server
// took, kept in IndexedDB (a database of its own: idb.js) so that a reload
// shows them again, oldest first, until the user clears them. The tab that
// sent a message keeps it (each message goes out once: outbox.js's lock).
// Where IndexedDB keeps nothing, the history is this visit's only. Bounded
// in count and in bytes: the newest KEPT messages within KEPT_BYTES.

import { storeOf } from './idb.js';
import { utf8Bytes } from './outbox.js';

/** How many sent messages are kept, the newest, and at most how many bytes of UTF-8 they hold together. */
export const KEPT = 200;
export const KEPT_BYTES = 2 * 1024 * 1024;
const inStore = storeOf('stickertext-sent', 'sent');

/** The messages kept, oldest first: [{seq, id, text}]. */
export const sentMessages = () => inStore('readonly', (store) => store.getAll()).catch(() => []);

/** Keeps `{id, text}` as the newest; beyond KEPT or KEPT_BYTES, the oldest go, in the same transaction.
 *  Resolves to null, or 'historyNotKept' (a note's code) when IndexedDB's quota is used up: then nothing
 *  changed, the messages kept before are all there. */
export function keepSent({ id, text }) {
  return inStore('readwrite', (store) => {
    store.add({ id, text });
    const all = store.getAll(); // at most KEPT + 1
    all.onsuccess = () => {
      let count = 0,
        bytes = 0,
        at = all.result.length;
      while (at > 0 && count < KEPT && bytes + utf8Bytes(all.result[at - 1].text) <= KEPT_BYTES) {
        at -= 1;
        count += 1;
        bytes += utf8Bytes(all.result[at].text);
      }
      if (at > 0) store.delete(IDBKeyRange.upperBound(all.result[at - 1].seq));
    };
    return all;
  })
    .then(() => null)
    .catch((error) => (error?.name === 'QuotaExceededError' ? 'historyNotKept' : null));
}

/** Forgets every message kept. */
export const clearSent = () => inStore('readwrite', (store) => store.clear()).catch(() => {});

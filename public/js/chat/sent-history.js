// sent-history.js owns the chat's history: the last 200 messages the server
// took, kept in IndexedDB (a database of its own: idb.js) so that a reload
// shows them again, oldest first, until the user clears them. The tab that
// sent a message keeps it (each message goes out once: outbox.js's lock).
// Where IndexedDB keeps nothing, the history is this visit's only.

import { storeOf } from './idb.js';

/** How many sent messages are kept: the newest. */
export const KEPT = 200;
const inStore = storeOf('stickertext-sent', 'sent');

/** The messages kept, oldest first: [{seq, id, text}]. */
export const sentMessages = () => inStore('readonly', (store) => store.getAll()).catch(() => []);

/** Keeps `{id, text}` as the newest; beyond KEPT, the oldest go, in the same transaction. */
export function keepSent({ id, text }) {
  return inStore('readwrite', (store) => {
    store.add({ id, text });
    const keys = store.getAllKeys(); // at most KEPT + 1
    keys.onsuccess = () => {
      const over = keys.result.length - KEPT;
      if (over > 0) store.delete(IDBKeyRange.upperBound(keys.result[over - 1]));
    };
    return keys;
  }).catch(() => {});
}

/** Forgets every message kept. */
export const clearSent = () => inStore('readwrite', (store) => store.clear()).catch(() => {});

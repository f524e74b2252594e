// outbox.js owns the messages sent and not yet taken by the server, kept so
// that a reload or a closed tab loses none: in IndexedDB, whose transactions
// every tab of the page sees at once (localStorage is cached per renderer
// process, so a second tab may read a message as waiting after the first has
// sent it, and send it again: seen in test_start.py's two-tab test), or in
// memory where IndexedDB will not keep them. Oldest first. The tabs tell each
// other what went out on a BroadcastChannel.

import { storeOf } from './idb.js';

const CHANNEL = 'stickertext.outbox';
const inStore = storeOf('stickertext', 'outbox');

// Messages IndexedDB would not keep (it cannot be opened, or a write failed): kept in memory for this
// page's life, after those it keeps. [{id, text, unkept: true}]
const unkept = [];

/** A new message of `text`: `{id, text}`. */
export const messageOf = (text) => ({
  id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  text,
});

/** Keeps `{id, text}` at the end of the outbox. */
export async function keep(message) {
  try {
    await inStore('readwrite', (store) => store.add(message));
  } catch {
    unkept.push({ ...message, unkept: true });
  }
}

/** The messages waiting, oldest first: [{seq?, id, text, unkept?}]. */
export async function waitingMessages() {
  const kept = await inStore('readonly', (store) => store.getAll()).catch(() => []);
  return [...kept, ...unkept];
}

/** The message is gone from the outbox (taken, or refused); the other tabs hear it. */
export async function forget(message, outcome) {
  const at = unkept.findIndex((m) => m.id === message.id);
  if (at >= 0) unkept.splice(at, 1);
  else await inStore('readwrite', (store) => store.delete(message.seq));
  channel?.postMessage({ id: message.id, outcome });
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;

/** Calls `heard({id, outcome})` when another tab has taken a message out of the outbox. */
export function onForgotten(heard) {
  channel?.addEventListener('message', (e) => heard(e.data));
}

/** `drain` alone among the page's tabs, where the browser has Web Locks (each message goes out once). */
export const alone = (drain) => (navigator.locks ? navigator.locks.request(CHANNEL, drain) : drain());

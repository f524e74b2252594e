// outbox.js owns the messages sent and not yet taken by the server, kept so
// that a reload or a closed tab loses none, and those the server refused
// (too large, say), kept marked with why until the user puts them back into
// the field: a refusal loses no text either. In IndexedDB, whose transactions
// every tab of the page sees at once (localStorage is cached per renderer
// process, so a second tab may read a message as waiting after the first has
// sent it, and send it again: seen in test_start.py's two-tab test), or in
// memory where IndexedDB will not keep them. Oldest first. The tabs tell each
// other what went out on a BroadcastChannel.

import { storeOf } from './idb.js';
import { KEYS, readJSON, store } from '../shared/storage.js';

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

// IndexedDB answers later than Send empties the field: a tab closed or killed in between would lose the
// message. So Send writes it first to a journal in localStorage, which is written at once, and the
// journal lets go of it once the outbox has it; what a journal still holds after a moment (its tab died
// before the outbox had it) goes into the outbox at the next start of the chat.
const JOURNAL_GRACE_MS = 10_000; // longer than any add takes: a live tab's message is never taken twice
const journal = () => (Array.isArray(readJSON(KEYS.sending)) ? readJSON(KEYS.sending) : []);
const setJournal = (entries) => store(KEYS.sending, entries.length ? entries : null);

/** Keeps `{id, text}` at the end of the outbox: in the journal before this returns, in the outbox after. */
export async function keep(message) {
  setJournal([...journal(), { id: message.id, text: message.text, at: Date.now() }]);
  try {
    await inStore('readwrite', (store) => store.add(message));
  } catch {
    unkept.push({ ...message, unkept: true });
  }
  setJournal(journal().filter((entry) => entry.id !== message.id));
}

/** The journal's messages whose tab died before the outbox had them, into the outbox (once, by id). */
async function recoverJournal() {
  const old = journal().filter((entry) => Date.now() - entry.at > JOURNAL_GRACE_MS);
  if (!old.length) return;
  const have = new Set((await inStore('readonly', (store) => store.getAll()).catch(() => [])).map((m) => m.id));
  for (const { id, text } of old) if (!have.has(id)) await keep({ id, text });
  const recovered = new Set(old.map((entry) => entry.id));
  setJournal(journal().filter((entry) => !recovered.has(entry.id)));
}

// Once a page, one tab at a time (two tabs starting together would both take a message).
let recovering = null;
const recovered = () =>
  (recovering ??= (
    navigator.locks ? navigator.locks.request(`${CHANNEL}.journal`, recoverJournal) : recoverJournal()
  ).catch(() => {}));

/** Every message kept, oldest first: [{seq?, id, text, unkept?, refused?}]. */
async function allMessages() {
  await recovered();
  const kept = await inStore('readonly', (store) => store.getAll()).catch(() => []);
  return [...kept, ...unkept];
}

/** The messages waiting to go, oldest first: [{seq?, id, text, unkept?}]. */
export const waitingMessages = async () => (await allMessages()).filter((m) => !m.refused);

/** The messages the server refused, oldest first, each with `refused`: the error's code. */
export const refusedMessages = async () => (await allMessages()).filter((m) => m.refused);

/** The server refused the message (`code`: its error's): kept, marked, never sent again; the other tabs hear it. */
export async function refuse(message, code) {
  const refused = { ...message, refused: code || 'refused' };
  const at = unkept.findIndex((m) => m.id === message.id);
  if (at >= 0) unkept[at] = refused;
  else await inStore('readwrite', (store) => store.put(refused)).catch(() => unkept.push({ ...refused, unkept: true }));
  channel?.postMessage({ id: message.id, outcome: 'refused', code: refused.refused });
  return refused;
}

/** The message is gone from the outbox (taken, or a refused one put back); the other tabs hear it. */
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

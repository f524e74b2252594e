// outbox.js owns the messages sent and not yet taken by the server, kept so
// that a reload or a closed tab loses none (outbox-keep.js puts them in: the
// start carries it, for a Send before this module has loaded), and those the
// server refused (too large, say), kept marked with why until the user puts
// them back into the field: a refusal loses no text either. It reads them,
// oldest first, takes into the outbox what a dead tab's journal left, marks
// and forgets them, and tells the other tabs what went out on a
// BroadcastChannel.

import {
  CHANNEL,
  JOURNAL_GRACE_MS,
  inStore,
  journal,
  keep,
  recount,
  setJournal,
  tally,
  unkept,
  utf8Bytes,
} from './outbox-keep.js';

export { MESSAGE_BYTES, OUTBOX_BYTES, OUTBOX_COUNT, keep, messageOf, refusalOf, utf8Bytes } from './outbox-keep.js';

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
  recount(kept);
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
  else {
    await inStore('readwrite', (store) => store.delete(message.seq));
    tally.count -= 1;
    tally.bytes -= utf8Bytes(message.text);
  }
  channel?.postMessage({ id: message.id, outcome });
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;

/** Calls `heard({id, outcome})` when another tab has taken a message out of the outbox. */
export function onForgotten(heard) {
  channel?.addEventListener('message', (e) => heard(e.data));
}

/** `drain` alone among the page's tabs, where the browser has Web Locks (each message goes out once). */
export const alone = (drain) => (navigator.locks ? navigator.locks.request(CHANNEL, drain) : drain());

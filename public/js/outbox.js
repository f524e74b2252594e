// outbox.js owns the messages sent and not yet taken by the server, kept so
// that a reload or a closed tab loses none: in IndexedDB, whose transactions
// every tab of the page sees at once (localStorage is cached per renderer
// process, so a second tab may read a message as waiting after the first has
// sent it, and send it again: seen in test_start.py's two-tab test), or in
// memory where IndexedDB cannot be opened. Oldest first. The tabs tell each
// other what went out on a BroadcastChannel.

const DATABASE = 'stickertext';
const STORE = 'outbox';
const CHANNEL = 'stickertext.outbox';

let opening = null;
let memory = null; // [{seq, id, text}], where IndexedDB failed
let lastSeq = 0;

function open() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch(() => {
    memory ??= [];
    return null;
  });
  return opening;
}

/** `work(store)`'s request in one transaction of `mode`: its result once the transaction committed. */
async function inStore(mode, work, inMemory) {
  const database = await open();
  if (!database) return inMemory(memory);
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** Keeps `{id, text}` at the end of the outbox. */
export const keep = (message) =>
  inStore(
    'readwrite',
    (store) => store.add(message),
    (list) => list.push({ ...message, seq: ++lastSeq }),
  );

/** The messages waiting, oldest first: [{seq, id, text}]. */
export const waitingMessages = () =>
  inStore(
    'readonly',
    (store) => store.getAll(),
    (list) => [...list],
  );

/** The message `seq` is gone from the outbox (taken, or refused); the other tabs hear it. */
export async function forget({ seq, id }, outcome) {
  await inStore(
    'readwrite',
    (store) => store.delete(seq),
    (list) => {
      const at = list.findIndex((message) => message.seq === seq);
      if (at >= 0) list.splice(at, 1);
    },
  );
  channel?.postMessage({ id, outcome });
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;

/** Calls `heard({id, outcome})` when another tab has taken a message out of the outbox. */
export function onForgotten(heard) {
  channel?.addEventListener('message', (event) => heard(event.data));
}

/** `drain` alone among the page's tabs, where the browser has Web Locks (each message goes out once). */
export const alone = (drain) => (navigator.locks ? navigator.locks.request(CHANNEL, drain) : drain());

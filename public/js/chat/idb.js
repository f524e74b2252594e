// idb.js owns opening the page's IndexedDB stores: one database per store
// (so that adding a store never needs a version another tab holds open), each
// request in a transaction of its own, answered once it committed. A store
// that cannot be opened (private modes, a full disk) rejects every request;
// its user decides what to keep in memory instead.

/** The request function of store `name` (records keyed by an increasing `seq`): `inStore(mode, work)` runs
 *  `work(store)`'s request in one transaction of `mode` and resolves to its result once that committed. */
export function storeOf(database, name) {
  let opening = null;
  const open = () =>
    (opening ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(database, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(name, { keyPath: 'seq', autoIncrement: true });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch(() => null));
  return async (mode, work) => {
    const db = await open();
    if (!db) throw new Error('no IndexedDB');
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(name, mode);
      const request = work(transaction.objectStore(name));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  };
}

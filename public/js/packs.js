// packs.js owns asking for the packs document again while the page has none
// (main.js asks at the start, and when the service worker says a newer
// document replaced its copy): with backoff, and at once when the network
// comes back. Each document got goes to onPacks. Loaded after startup.

import { fetchPacks } from './api.js';

const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

/** `have()`: whether the page has packs; `onPacks(document)`, `onMissing(error)`. */
export function watchPacks({ have, onPacks, onMissing }) {
  let asking = null, retryTimer = null, retryDelay = FIRST_RETRY_MS;
  const retryLater = () => {
    retryTimer = setTimeout(ask, retryDelay);
    retryDelay = Math.min(2 * retryDelay, MAX_RETRY_MS);
  };
  function ask() {
    clearTimeout(retryTimer);
    retryTimer = null;
    asking ??= fetchPacks().then(onPacks, (error) => {
      if (have()) return;
      onMissing(error);
      retryLater();
    }).finally(() => { asking = null; });
  }
  window.addEventListener('online', () => { if (!have()) { retryDelay = FIRST_RETRY_MS; ask(); } });
  if (!have()) ask();
}

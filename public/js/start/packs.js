// packs.js owns the packs document on the page: asked for at the start (the
// service worker's copy answers at once); while the page has none, a lasting
// note says why and it is asked again, with backoff and when back online;
// and again when the worker says a newer one replaced its copy.

import { sayLasting } from '../shared/status.js';
import { onLanguage } from '../shared/strings.js';

const TIMEOUT_MS = 10_000; // lie-fi: a failure, asked again
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

// { packs: [{ title, cover, stickers: [...] }, ...] }.
async function fetchPacks() {
  const response = await fetch('/api/packs', { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`GET /api/packs: ${response.status} ${response.statusText}`);
  return response.json();
}

/** Starts watching; the promise settles at the first answer or failure. */
export function watchPacks(onPacks) {
  let have = false,
    missing = false,
    asking = null,
    retryTimer = null,
    retryDelay = FIRST_RETRY_MS;
  const sayMissing = () =>
    import('../shared/notes.js').then((module) => sayLasting('packs', missing ? module.noteText('noStickers') : ''));
  onLanguage(sayMissing);
  const ask = () => {
    clearTimeout(retryTimer);
    retryTimer = null;
    asking ??= fetchPacks()
      .then(
        (document) => {
          have = true;
          onPacks(document);
          if (missing) {
            missing = false;
            sayMissing();
          }
        },
        (error) => {
          if (have) return;
          if (!missing) console.warn('stickertext: no packs yet:', error.message);
          missing = true;
          sayMissing();
          retryTimer = setTimeout(ask, retryDelay);
          retryDelay = Math.min(2 * retryDelay, MAX_RETRY_MS);
        },
      )
      .finally(() => {
        asking = null;
      });
    return asking;
  };
  window.addEventListener('online', () => {
    if (!have) {
      retryDelay = FIRST_RETRY_MS;
      ask();
    }
  });
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if (event.data?.type === 'packs-updated') ask();
  });
  return ask();
}

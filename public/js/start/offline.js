// offline.js owns the service worker (public/sw.js) on the page's side:
// registering it, which keeps a version of the page, its modules, the packs
// document and the sticker images already shown, so that after one visit the
// page opens from the device and edits with no network; asking it to look for
// a new version when the network comes back; and, when a new version has taken
// over while this page runs (this page keeps its own version to the end), a
// quiet offer to reload, shown only while the person is not typing.

import '../shared/late-strings.js'; // the offer's label
import { stylesheet } from '../shared/stylesheet.js';

const QUIET_MS = 3000; // no input for this long: the person is not typing

/** `startedUnder`: the worker that served this page (null on a first visit). */
export function registerServiceWorker(startedUnder) {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  let lastInput = -Infinity,
    composing = false;
  document.addEventListener(
    'beforeinput',
    () => {
      lastInput = performance.now();
    },
    true,
  );
  document.addEventListener(
    'compositionstart',
    () => {
      composing = true;
    },
    true,
  );
  document.addEventListener(
    'compositionend',
    () => {
      composing = false;
      lastInput = performance.now();
    },
    true,
  );
  const offer = document.getElementById('update');
  offer.addEventListener('click', () => location.reload());
  const offerWhenQuiet = async () => {
    if (composing || performance.now() - lastInput < QUIET_MS) setTimeout(offerWhenQuiet, QUIET_MS);
    else {
      await stylesheet('offline.css'); // its look, before it shows
      offer.hidden = false;
    }
  };
  // A first visit's worker taking control is no new version; a worker replacing the one that served this page is.
  const replaced = () =>
    startedUnder && navigator.serviceWorker.controller && navigator.serviceWorker.controller !== startedUnder;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (replaced()) offerWhenQuiet();
  });
  if (replaced()) offerWhenQuiet();
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
    (registration) => {
      window.addEventListener('online', () => registration.update().catch(() => {}));
      return registration;
    },
    (error) => {
      console.warn('stickertext: no offline support:', error.message);
      return null;
    },
  );
}

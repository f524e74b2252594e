// offline.js owns registering the service worker (public/sw.js), which keeps
// the page, its modules, the packs document and the sticker images already
// shown, so that after one visit the page opens and edits with no network.

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => {
    console.warn('stickertext: no offline support:', error.message);
    return null;
  });
}

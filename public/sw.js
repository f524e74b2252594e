// sw.js, the service worker, owns the page's offline copy: after one visit
// the page, its stylesheet and modules, the packs document and every sticker
// image already shown come from here when the network is down.
//
// - The page and its modules: network first (a deploy is seen at once and
//   old and new modules never mix), the cached copy when the network fails
//   or takes over 4 s.
// - GET /api/packs: the same, so new packs show when online.
// - Sticker images: cache first (their names never change); one not cached
//   yet, offline, answers a grey placeholder square (not cached), while the
//   <img>'s alt and title still carry its code.
// - Everything else (POSTs, other API calls, other origins) is not touched:
//   the API is the server's to answer.

const VERSION = 'v1';
const SHELL_CACHE = `stickertext-shell-${VERSION}`;
const DATA_CACHE = `stickertext-data-${VERSION}`;
const IMAGE_CACHE = 'stickertext-images';  // image URLs never change meaning: kept across versions
const CACHES = [SHELL_CACHE, DATA_CACHE, IMAGE_CACHE];
const NETWORK_TIMEOUT_MS = 4000;

// What the page needs to open and edit offline. Tests/e2e/test_offline.py checks it
// lists every module under public/js/ and nothing that does not exist.
const SHELL = [
  '/', '/index.html', '/app.css', '/keyboard.css', '/stickers/weibo/smile.png',
  '/js/api.js', '/js/authority.js', '/js/autocomplete.js', '/js/cell-menu.js', '/js/chat.js', '/js/draft.js', '/js/editor-dom.js',
  '/js/editor.js', '/js/favorites.js', '/js/grid-pages.js', '/js/inserting.js', '/js/keyboard.js', '/js/main.js', '/js/menu.js', '/js/message-stickers.js', '/js/notes.js', '/js/offline.js', '/js/panel.js', '/js/pasted-html.js', '/js/placement.js', '/js/press.js', '/js/recents.js', '/js/settings.js',
  '/js/skin-tones.js', '/js/status.js', '/js/sticker-nodes.js', '/js/sticker-search.js', '/js/stored-list.js', '/js/strings.js',
  '/js/swipe.js',
  '/js/model/catalog.js', '/js/model/combining-classes.js', '/js/model/counting.js', '/js/model/editing.js', '/js/model/emoji.js',
  '/js/model/gb18030-table.js', '/js/model/graphemes.js', '/js/model/history.js', '/js/model/index.js', '/js/model/insert-cut.js', '/js/model/lengths.js',
  '/js/model/normalization.js', '/js/model/policy.js', '/js/model/render-request.js', '/js/model/requests.js', '/js/model/scanner.js', '/js/model/search.js', '/js/model/text-backed-string.js',
  '/js/model/text-diff.js', '/js/model/twitter-text-tables.js', '/js/model/urls.js',
];

const PLACEHOLDER = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="6" fill="#ddd"/></svg>';

self.addEventListener('install', (event) => {
  event.waitUntil(Promise.all([
    caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)),
    caches.open(DATA_CACHE).then((cache) => cache.add('/api/packs')),
  ]).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => !CACHES.includes(k)).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

function timeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); }, (error) => { clearTimeout(timer); reject(error); });
  });
}

async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await timeout(fetch(request), NETWORK_TIMEOUT_MS);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request) ?? (request.mode === 'navigate' ? await cache.match('/index.html') : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(IMAGE_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return new Response(PLACEHOLDER, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' } });
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === '/api/packs') event.respondWith(networkFirst(request, DATA_CACHE));
  else if (url.pathname.startsWith('/api/')) return;
  else if (url.pathname.startsWith('/stickers/') && /\.(png|gif|webp|apng)$/.test(url.pathname)) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request, SHELL_CACHE));
});

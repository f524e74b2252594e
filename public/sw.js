// sw.js, the service worker, owns the page's offline copy, so that the page
// opens from the device, never waiting on the network, and works without it.
//
// - A version: PRECACHE below lists every file of the page with the hash of
//   its content (tools/build-page.mjs writes it into the built sw.js). A
//   changed file changes this script, which the browser sees at the next
//   load: the new worker installs its version whole, each file checked
//   against its hash (a deploy half done fails the install, tried again at a
//   later load), and takes over at once.
// - One version per page: a page is served from the version that served its
//   document, to the last module it loads late, while a newer version serves
//   new loads; so old and new files never mix. Which version each open page
//   has is kept in a cache too, since the browser stops an idle worker.
//   A version no open page uses is deleted.
// - The page and its modules: cache first, from their version (no network
//   on the way: a warm start costs what the device takes to read them).
// - GET /api/packs: stale while revalidate. The copy kept is answered at
//   once; the network's answer replaces it, and when it differs the open
//   pages are told ({type: 'packs-updated'}) and take the new packs.
// - Sticker images: cache first (their names never change); one not cached
//   yet, offline, answers a grey placeholder square (not cached), while the
//   <img>'s alt and title still carry its code. When a new packs document
//   replaces the copy, every kept picture it no longer names is deleted: an
//   operator's removed pack leaves the device with it (docs/operations.md).
// - Everything else (POSTs, other API calls, other origins) is not touched:
//   the API is the server's to answer.

// The offline copy: tools/build-page.mjs writes what follows, up to its end line.
// (In the sources, none: the built sw.js, .build/site/sw.js, lists every file.)
const VERSION = 'sources';
const PRECACHE = [];
// End of the offline copy.

const SHELL_PREFIX = 'stickertext-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${VERSION}`;
const DATA_CACHE = 'stickertext-data';
const IMAGE_CACHE = 'stickertext-images'; // image URLs never change meaning: kept across versions
const PAGES_CACHE = 'stickertext-pages'; // which version serves each open page: /page/<client id> -> version
const KEEP = [DATA_CACHE, IMAGE_CACHE, PAGES_CACHE];
const PACKS = '/api/packs';
// A page that did not load through a worker (the first visit, before this one took control) was
// served by the network: its late modules come from there too, or from this copy when it fails.
const FIRST_VISIT_TIMEOUT_MS = 4000;

const PLACEHOLDER =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="6" fill="#ddd"/></svg>';

async function sha256Prefix(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One file of the version, fetched past the HTTP cache's freshness and checked against its hash. */
async function precache(cache, [url, revision]) {
  if (await cache.match(url)) return; // an install tried again keeps what it had checked
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body = await response.clone().arrayBuffer();
  const got = await sha256Prefix(body);
  if (got !== revision)
    throw new Error(`${url} is not the version listed (${got}, not ${revision}): a deploy under way`);
  await cache.put(url, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await Promise.all(PRECACHE.map((entry) => precache(cache, entry)));
      // The packs too, when there are none yet: a first visit's second load then opens without the network.
      const data = await caches.open(DATA_CACHE);
      if (!(await data.match(PACKS))) await data.add(PACKS).catch(() => {});
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(forgetUnused().then(() => self.clients.claim()));
});

// Which version serves each page: in memory, and in PAGES_CACHE for a worker started again.
const pageVersions = new Map();
// Pages pinned a moment ago, which clients.matchAll may not list yet: the document is still on
// its way. They are not forgotten for this long.
const NEW_PAGE_MS = 60_000;
const pinnedAt = new Map();

async function pinPage(clientId, version) {
  if (!clientId) return;
  pageVersions.set(clientId, version);
  pinnedAt.set(clientId, Date.now());
  await (await caches.open(PAGES_CACHE)).put(`/page/${clientId}`, new Response(version));
}

async function versionOf(clientId) {
  if (!clientId) return null;
  if (!pageVersions.has(clientId)) {
    const kept = await (await caches.open(PAGES_CACHE)).match(`/page/${clientId}`);
    pageVersions.set(clientId, kept ? await kept.text() : null);
  }
  return pageVersions.get(clientId);
}

/** Deletes the versions and page records that no open page uses, this worker's version kept. */
async function forgetUnused() {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  const pages = await caches.open(PAGES_CACHE);
  const inUse = new Set([VERSION]);
  for (const request of await pages.keys()) {
    const id = new URL(request.url).pathname.slice('/page/'.length);
    if (open.has(id) || Date.now() - (pinnedAt.get(id) ?? 0) < NEW_PAGE_MS) inUse.add(await versionOf(id));
    else {
      pinnedAt.delete(id);
      pageVersions.delete(id);
      await pages.delete(request);
    }
  }
  const names = await caches.keys();
  await Promise.all(
    names
      .filter(
        (name) =>
          !KEEP.includes(name) && !(name.startsWith(SHELL_PREFIX) && inUse.has(name.slice(SHELL_PREFIX.length))),
      )
      .map((name) => caches.delete(name)),
  );
}

function timeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A page's document: this worker's version, the page pinned to it. */
async function pageDocument(event) {
  const cached = await (await caches.open(SHELL_CACHE)).match('/index.html');
  if (!cached) return fetch(event.request);
  event.waitUntil(pinPage(event.resultingClientId, VERSION).then(forgetUnused));
  return cached;
}

/** A file of the page: from its page's version; the network for a page no worker served. */
async function pageFile(event, path) {
  const version = await versionOf(event.clientId);
  if (version) {
    const cached = await (await caches.open(`${SHELL_PREFIX}${version}`)).match(path);
    if (cached) return cached;
  }
  const kept = async () => (await caches.open(SHELL_CACHE)).match(path);
  try {
    const response = await timeout(fetch(event.request), FIRST_VISIT_TIMEOUT_MS);
    // A chunk named by its content is gone from the server once a deploy replaced it: the copy may have it.
    return response.ok ? response : ((await kept()) ?? response);
  } catch (error) {
    const cached = await kept();
    if (cached) return cached;
    throw error;
  }
}

const etagOf = (response) => response.headers.get('ETag');

/** Whether two answers of /api/packs carry different documents. */
async function differ(older, newer) {
  if (etagOf(older) && etagOf(newer)) return etagOf(older) !== etagOf(newer);
  return (await older.clone().text()) !== (await newer.clone().text());
}

/** The paths of every picture a packs document names: each `src`, and each URL of a `srcset`. */
function picturePaths(document) {
  const paths = new Set();
  const add = (url) => paths.add(new URL(url, self.location.origin).pathname);
  const walk = (value) => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (key === 'src' && typeof item === 'string') add(item);
        else if (key === 'srcset' && typeof item === 'string')
          for (const candidate of item.split(',')) add(candidate.trim().split(/\s+/)[0]);
        else walk(item);
      }
  };
  walk(document);
  return paths;
}

/** Deletes the kept pictures that `response`, the new packs document, no longer names. */
async function forgetRemovedPictures(response) {
  const named = picturePaths(await response.json());
  const images = await caches.open(IMAGE_CACHE);
  const gone = (await images.keys()).filter((request) => !named.has(new URL(request.url).pathname));
  await Promise.all(gone.map((request) => images.delete(request)));
}

/** The packs: the copy kept at once, refreshed from the network behind it; the pages told of a change. */
async function packs(event) {
  const cache = await caches.open(DATA_CACHE);
  const kept = await cache.match(PACKS);
  const refresh = fetch(event.request, { cache: 'no-cache' }).then(async (response) => {
    if (!response.ok) return response;
    const changed = kept && (await differ(kept, response));
    await cache.put(PACKS, response.clone());
    if (changed) {
      await forgetRemovedPictures(response.clone()).catch((error) =>
        console.warn("stickertext: the removed packs' pictures stay:", error.message),
      );
      for (const client of await self.clients.matchAll({ type: 'window' }))
        client.postMessage({ type: 'packs-updated' });
    }
    return response;
  });
  if (!kept) return refresh;
  event.waitUntil(refresh.catch(() => {}));
  return kept;
}

async function image(request) {
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

const COPIED = new Set(PRECACHE.map(([url]) => url));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/index.html'))
    event.respondWith(pageDocument(event));
  else if (url.pathname === PACKS) event.respondWith(packs(event));
  else if (
    url.pathname.startsWith('/stickers/') &&
    /\.(png|gif|webp|apng)$/.test(url.pathname) &&
    !COPIED.has(url.pathname)
  )
    event.respondWith(image(request));
  else if (COPIED.has(url.pathname) && !url.search) event.respondWith(pageFile(event, url.pathname));
});

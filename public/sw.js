// sw.js, the service worker, owns the page's offline copy, so that the page
// opens from the device, never waiting on the network, and works without it.
//
// - A version: PRECACHE below lists every file of the page with the hash of
//   its content (tools/page-manifest.mjs writes it; a test checks it). A
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
//   <img>'s alt and title still carry its code.
// - Everything else (POSTs, other API calls, other origins) is not touched:
//   the API is the server's to answer.

// The offline copy: tools/page-manifest.mjs writes what follows, up to its end line.
const VERSION = '1a7b621ee72df28f';
const PRECACHE = [
  ['/index.html', '2003327fc724c168'],
  ['/stickers/weibo/smile.png', '7945ed4a384efa2e'],
  ['/app.css', 'f5ce0ea4ad1b1eed'],
  ['/autocomplete.css', '4a47c9fb00b33ea9'],
  ['/chat.css', '9507ba574db01d67'],
  ['/embed.css', '7ab5a3b3f42ed641'],
  ['/keyboard.css', 'c7bd7596ebc24e42'],
  ['/offline.css', '3eb796bb8a5b9ff4'],
  ['/js/api.js', '6b88bdc35f66161e'],
  ['/js/authority.js', '2313f53254cfc0e2'],
  ['/js/autocomplete.js', '122ffad8e641bf1d'],
  ['/js/cell-menu.js', 'f9aa0c8d3aa14927'],
  ['/js/chat.js', '0c16753f07ebaedb'],
  ['/js/draft.js', '73b93ece2bf28a5d'],
  ['/js/editor-dom.js', '0b8aa76ade8be7b1'],
  ['/js/editor.js', '20606d9cd8860e1f'],
  ['/js/favorites.js', '75faf4263d5c5c80'],
  ['/js/grid-pages.js', 'a3c106a01425ee96'],
  ['/js/idb.js', 'e3811e27e13776b8'],
  ['/js/inserting.js', '91d28a847aff2f60'],
  ['/js/keyboard.js', '0cf6cb22384dabc8'],
  ['/js/late-strings.js', '0fed1dff65a70b0f'],
  ['/js/long-paste.js', '25e32ba0244d9377'],
  ['/js/main.js', '5faf94863c6ce070'],
  ['/js/menu.js', 'df0420f4a7bb6c58'],
  ['/js/message-stickers.js', '3b50b9de124690d1'],
  ['/js/model/catalog.js', '16f6c28320b0a692'],
  ['/js/model/combining-classes.js', '0105f4bccc7176ae'],
  ['/js/model/counting.js', 'a46a6da68d5e931d'],
  ['/js/model/editing.js', '3a0addd729a273f1'],
  ['/js/model/emoji.js', 'e22db756549ba294'],
  ['/js/model/gb18030-table.js', 'f5da552756d730c7'],
  ['/js/model/graphemes.js', 'e289b0f90d90397d'],
  ['/js/model/history.js', 'f9406c4828e531bf'],
  ['/js/model/index.js', 'e712f9b071d66d42'],
  ['/js/model/insert-cut.js', '1bdc38f71e7b6af2'],
  ['/js/model/lengths.js', '03595c1dcd348722'],
  ['/js/model/normalization.js', '5ea140b5d21766d9'],
  ['/js/model/policy.js', '360f54b90a4fb405'],
  ['/js/model/render-request.js', '513070fe461e2b14'],
  ['/js/model/requests.js', '00351ced5a2135c5'],
  ['/js/model/scanner.js', 'e9b0a72aee5b12e7'],
  ['/js/model/search.js', '1dff91b67f0bd671'],
  ['/js/model/text-backed-string.js', '1b924ddf642886dd'],
  ['/js/model/text-diff.js', '57bc32823298f89b'],
  ['/js/model/twitter-text-tables.js', '350c109c4ce9b40a'],
  ['/js/model/urls.js', '6318ee2fc6ce2428'],
  ['/js/notes.js', '9c65c5dbe24e9aaf'],
  ['/js/offline.js', 'f9d20ee3f55c19f2'],
  ['/js/outbox.js', '5f0fb63f8953506a'],
  ['/js/packs.js', 'b7551cd88127e046'],
  ['/js/panel.js', 'c8101dbfbbbfbd3f'],
  ['/js/pasted-html.js', 'b5fe5ea6bf9a8319'],
  ['/js/placement.js', 'f68e3a4ccc68fd74'],
  ['/js/press.js', '71854aab7367f512'],
  ['/js/recents.js', '436469fc253b609a'],
  ['/js/roving.js', '6022c446d75c1c1a'],
  ['/js/sent-history.js', '1bb80be43cfd6363'],
  ['/js/settings.js', 'ccee8980bce3d57f'],
  ['/js/skin-tones.js', '766f52f7f3f17861'],
  ['/js/status.js', 'd4ef4011b573d99e'],
  ['/js/sticker-files.js', 'f8663c0b4964a5ef'],
  ['/js/sticker-nodes.js', '04a93d7eb0fe79bc'],
  ['/js/sticker-search.js', 'd1e59da43c06d3f1'],
  ['/js/storage.js', '4be1701741f59e8d'],
  ['/js/stored-list.js', '85a6396fd41ffe7a'],
  ['/js/strings.js', '0521719c81989bc9'],
  ['/js/stylesheet.js', '6c581b06cf97de4b'],
  ['/js/swipe.js', '31188d43ad5d780c'],
  ['/js/tabs.js', '3ab1e93450bbd24a'],
  ['/js/word-range.js', '7d9e48cf8078c7e1'],
];
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
  try {
    return await timeout(fetch(event.request), FIRST_VISIT_TIMEOUT_MS);
  } catch (error) {
    const cached = await (await caches.open(SHELL_CACHE)).match(path);
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

/** The packs: the copy kept at once, refreshed from the network behind it; the pages told of a change. */
async function packs(event) {
  const cache = await caches.open(DATA_CACHE);
  const kept = await cache.match(PACKS);
  const refresh = fetch(event.request, { cache: 'no-cache' }).then(async (response) => {
    if (!response.ok) return response;
    const changed = kept && (await differ(kept, response));
    await cache.put(PACKS, response.clone());
    if (changed) {
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

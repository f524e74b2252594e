// Owns the drop-in embed (docs/embed.md): [data-stickertext] elements, now and
// later, <sticker-text>, stickertext.parse, with the editor's catalog, scanner,
// packs and images from its origin; DOM APIs only (a CSP allowing it suffices).
// A module here; a classic script once built: tools/build-page.mjs bundles the
// catalog and the scanner into it, one strict file for a host page to load.
import { Catalog } from '../js/model/catalog.js';
import { scanCodes } from '../js/model/scanner.js';

// The URL of the script this runs in, from the first frame of a stack that
// names one (V8: "    at https://…/embed/stickertext.js:1:2", SpiderMonkey and
// JavaScriptCore: "…@https://…/embed/stickertext.js:1:2"), or none.
function loadedFrom() {
  for (const frame of String(new Error().stack).split('\n')) {
    const url = /(?:^|[\s(@])([a-z][a-z\d+.-]*:\/\/[^\s()]+):\d+:\d+\)?$/i.exec(frame.trim());
    if (url)
      try {
        return new URL(url[1]);
      } catch {
        return null;
      }
  }
  return null;
}

(() => {
  // Through the prototypes: the host's elements shadow names (DOM clobbering).
  const D = Document.prototype,
    doc = (name) => Reflect.get(D, name, document),
    make = D.createElement.bind(document);
  if (Object.isFrozen(window.stickertext ?? {})) return; // included twice (not an element)
  // Its own URL as the browser fetched it: a stack frame of this script names
  // it. Not currentScript.src, the src attribute resolved against the
  // document's base URL when it is read: a deferred script runs once the page
  // is parsed, so a relative src and a <base href> of the host page's user
  // content after the script tag made it fetch the packs and pictures from
  // the base's origin. (A <base> before the tag decides where the script
  // itself comes from: the host page's CSP, base-uri 'none', guards that.)
  const script = doc('currentScript'),
    home = script instanceof HTMLScriptElement && loadedFrom();
  if (!home?.pathname.endsWith('/embed/stickertext.js'))
    return console.error('stickertext: load it with a classic <script src>');
  const ROOT = 'data-stickertext',
    TEXT = 3,
    ELEMENT = 1;
  // Not prose, or not ours: fields, code, scripts, <sticker-text> (its own).
  const SKIP =
    /^(script|style|noscript|template|textarea|input|select|option|code|kbd|samp|iframe|object|svg|math|sticker-text)$/;
  const ours = new WeakSet(); // the stickers made here
  const at = (path) => new URL(path, home).href;
  const fail = (message) => {
    throw new TypeError(`stickertext: ${message}`);
  };

  // Loaded once (again after a failure); the packs revalidated by ETag.
  let loading = null;
  function model() {
    loading ??= fetch(at('../api/packs'), { cache: 'no-cache', credentials: 'omit' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`GET /api/packs: ${r.status}`))))
      .then((packs) => ({ catalog: new Catalog(packs), scanCodes }));
    loading.catch(() => {
      loading = null;
    });
    return loading;
  }

  function settings(options) {
    if (options === null || typeof options !== 'object') fail('options must be an object');
    const unknown = Object.keys(options).find((k) => k !== 'size' && k !== 'lang');
    if (unknown) fail(`unknown option ${unknown} (there are size and lang)`);
    const size = options.size ?? '1.25em';
    const valign = `calc(${size} * -0.2)`;
    if (!CSS.supports('height', size) || !CSS.supports('vertical-align', valign))
      fail(`size must be a CSS length, not ${size}`);
    if (![undefined, 'zh', 'en'].includes(options.lang)) fail('lang must be zh or en');
    return { size, valign, lang: options.lang };
  }

  // An element's size attribute if a length, else the default (and a warning).
  function sized(element, attribute) {
    try {
      return settings({ size: element.getAttribute(attribute) ?? undefined });
    } catch (error) {
      console.warn(error.message);
      return settings({});
    }
  }

  const absolute = (srcset) => srcset.replace(/(^|,\s*)([^\s,]+)/g, (_, comma, url) => comma + at(url));

  function stickerImage(entry, { size, valign }, lang) {
    const { image, name } = entry.sticker;
    const img = Object.assign(make('img'), {
      loading: 'lazy', // before src, or it is fetched at once
      className: 'sticker',
      alt: entry.code, // as written: the alias, if it was one
      title: entry.title,
      width: image.width, // the ratio, for layout before it loads
      height: image.height,
      srcset: absolute(image.srcset),
      src: at(image.src),
    });
    img.setAttribute('aria-label', name[lang]);
    // CSSOM, not a style attribute: allowed by a CSP without style-src.
    Object.assign(img.style, { height: size, width: 'auto', verticalAlign: valign });
    ours.add(img);
    if (!image.poster) return img;
    const picture = make('picture'),
      source = make('source');
    source.media = '(prefers-reduced-motion: reduce)';
    source.srcset = absolute(`${image.poster.src} 1x, ${image.poster.srcset}`);
    picture.append(source, img);
    ours.add(picture);
    return picture;
  }

  // Adjacent text nodes (a code may span them) become text and stickers.
  function renderRun(run, m, options) {
    const text = run.map((t) => t.data).join('');
    const spans = [...m.scanCodes(text, m.catalog)].filter((s) => s.entry.sticker.image);
    if (!spans.length) return;
    // Spoken names in the text's language: Chinese unless it says another.
    const lang = options.lang ?? run[0].parentElement?.closest('[lang]')?.lang;
    const spoken = !lang || /^zh\b/i.test(lang) ? 'zh' : 'en';
    const fragment = new DocumentFragment();
    let done = 0;
    for (const { start, end, entry } of spans) {
      if (start > done) fragment.append(text.slice(done, start));
      fragment.append(stickerImage(entry, options, spoken));
      done = end;
    }
    if (done < text.length) fragment.append(text.slice(done));
    run[0].replaceWith(fragment);
    for (const t of run.slice(1)) t.remove();
  }

  const skipped = (element) => SKIP.test(element.localName) || element.isContentEditable;

  // Each run of text under `root` (`deep`) or in it, outside skipped elements.
  function renderTree(root, m, options, deep = true) {
    const runs = [];
    (function visit(parent) {
      let run = [];
      for (let n = parent.firstChild; n; n = n.nextSibling) {
        if (n.nodeType === TEXT) {
          run.push(n);
          continue;
        }
        if (run.length) runs.push(run);
        run = [];
        if (deep && n.nodeType === ELEMENT && !skipped(n)) visit(n);
      }
      if (run.length) runs.push(run);
    })(root);
    for (const run of runs) renderRun(run, m, options);
  }

  /** Renders the codes in `element`'s text; resolves to it. */
  async function parse(element, options = {}) {
    if (typeof element?.nodeType !== 'number') fail('parse needs an element');
    const s = settings(options);
    renderTree(element, await model(), s);
    return element;
  }

  let warned = false; // once a page
  const report = (error) => {
    if (!warned) console.warn(`stickertext: no stickers from ${home.origin}:`, error);
    warned = true;
  };

  // --- [data-stickertext]: now and later ---

  // The [data-stickertext] element holding `node`; null in a skipped element.
  function rootOf(node) {
    for (let e = node.nodeType === ELEMENT ? node : node.parentElement; e; e = e.parentElement) {
      if (skipped(e)) return null;
      if (e.hasAttribute(ROOT)) return e;
    }
    return null;
  }

  // `found`: node → root. An element renders whole, a text node with its siblings.
  function render(found) {
    model().then((m) => {
      for (const [node, root] of found) {
        const text = node.nodeType === TEXT;
        if (node.isConnected) renderTree(text ? node.parentNode : node, m, sized(root, `${ROOT}-size`), !text);
      }
    }, report);
  }

  function changed(records) {
    const found = new Map();
    const add = (node) => {
      const root = rootOf(node);
      if (root) found.set(node, root);
      else if (node.nodeType === ELEMENT) node.querySelectorAll(`[${ROOT}]`).forEach(add);
    };
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(add);
      else add(r.target); // characterData, or the attribute added
    }
    if (found.size) render(found);
  }

  function start() {
    const root = doc('documentElement');
    changed([{ type: 'childList', addedNodes: [root] }]);
    new MutationObserver(changed).observe(root, {
      childList: true,
      subtree: true,
      characterData: true,
      attributeFilter: [ROOT],
    });
  }

  // --- <sticker-text>: renders its text, again on each change ---

  class StickerText extends HTMLElement {
    static observedAttributes = ['size', 'lang'];
    #observer = new MutationObserver(() => this.#render());

    connectedCallback() {
      this.#observer.observe(this, { childList: true, subtree: true, characterData: true });
      this.#render();
    }

    disconnectedCallback() {
      this.#observer.disconnect();
    }

    // A new size or language: stickers back to codes, then rendered anew.
    attributeChangedCallback() {
      if (!this.isConnected) return;
      for (const img of this.querySelectorAll('img'))
        if (ours.has(img)) [img.parentNode, img].find((n) => ours.has(n)).replaceWith(img.alt);
      this.#render();
    }

    #render() {
      model().then((m) => renderTree(this, m, sized(this, 'size')), report);
    }
  }

  window.stickertext = Object.freeze({ parse });
  if (!customElements.get('sticker-text')) customElements.define('sticker-text', StickerText);
  if (doc('readyState') === 'loading') addEventListener('DOMContentLoaded', start, { once: true });
  else start();
})();

// stylesheet.js owns bringing the look of a part of the page that loads after
// the start (the keyboard's, the suggestions', the sent messages' states)
// with its module, so that the start's stylesheet (app.css) holds only what
// the start shows: a module awaits its stylesheet before it shows anything,
// unless what it does must never wait on a look (sending).
// A stylesheet that fails (offline before the service worker kept it) still
// settles: the part works, unstyled.

/**
 * Adds public/`name` to the document; settles once it is ready or failed. The stylesheets sit beside the
 * document (as index.html names app.css), wherever the module that asks was built to.
 */
export const stylesheet = (name) =>
  new Promise((resolve) => {
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = new URL(name, document.baseURI).href;
    sheet.onload = sheet.onerror = resolve;
    document.head.appendChild(sheet);
  });

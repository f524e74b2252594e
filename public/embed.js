'use strict';
// embed.js owns the embedding demo page (embed.html): one text field shown
// the three ways. The script's and the element's boxes get the text as plain
// text (embed/stickertext.js renders it); the server's box shows what a
// backend gets from GET /api/render. That fragment is read with DOMParser
// (which runs nothing) and only its text, <br> and sticker <img>s with their
// own attributes are copied into the page, by DOM APIs: even a fragment that
// was not the service's cannot add markup here.
(() => {
  const STICKER_ATTRIBUTES = ['class', 'src', 'srcset', 'width', 'height', 'alt', 'title', 'aria-label', 'draggable'];
  function adopt(fragment) {
    const nodes = [];
    for (const n of new DOMParser().parseFromString(fragment, 'text/html').body.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) nodes.push(document.createTextNode(n.data));
      else if (n.nodeName === 'BR') nodes.push(document.createElement('br'));
      else if (n.nodeName === 'IMG' && n.classList.contains('sticker')) {
        const img = document.createElement('img');
        for (const name of STICKER_ATTRIBUTES) if (n.hasAttribute(name)) img.setAttribute(name, n.getAttribute(name));
        nodes.push(img);
      }
    }
    return nodes;
  }

  // The snippets name this service's own origin.
  for (const snippet of document.querySelectorAll('.snippet')) {
    snippet.textContent = snippet.textContent.replaceAll('https://stickers.example.com', location.origin);
  }

  const input = document.getElementById('text');
  const byScript = document.getElementById('by-script');
  const byElement = document.getElementById('by-element');
  const out = document.getElementById('out');
  let latest = 0;
  async function show() {
    byScript.textContent = input.value; // the embed script's MutationObserver renders it
    byElement.textContent = input.value; // <sticker-text> renders its new text
    const asked = ++latest;
    const r = await fetch(
      `/api/render?baseURL=${encodeURIComponent(`${location.origin}/`)}&lang=en&text=${encodeURIComponent(input.value)}`,
    );
    const html = await r.text();
    if (asked === latest)
      out.replaceChildren(...(r.ok ? adopt(html) : [document.createTextNode(`${r.status}: ${html}`)]));
  }
  input.addEventListener('input', show);
  show();
})();

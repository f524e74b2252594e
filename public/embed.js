'use strict';
// The embedding demo: what another site does with GET /api/render. The
// fragment is read with DOMParser (which runs nothing) and only its text, <br>
// and sticker <img>s with their own attributes are copied into the page, by
// DOM APIs: even a fragment that was not the service's cannot add markup here.
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

  const input = document.getElementById('text'), out = document.getElementById('out');
  const base = `${location.origin}/`;
  const snippet = document.getElementById('snippet');
  snippet.textContent = snippet.textContent.replace('https://stickers.example.com', location.origin);
  async function show() {
    const r = await fetch(`/api/render?baseURL=${encodeURIComponent(base)}&text=${encodeURIComponent(input.value)}`);
    out.replaceChildren(...adopt(await r.text()));
  }
  input.addEventListener('input', show);
  show();
})();

'use strict';
// The embedding demo: what another site does with GET /api/render.
(() => {
  const input = document.getElementById('text'), out = document.getElementById('out');
  const base = `${location.origin}/`;
  const snippet = document.getElementById('snippet');
  snippet.textContent = snippet.textContent.replace('https://stickers.example.com', location.origin);
  async function show() {
    const r = await fetch(`/api/render?baseURL=${encodeURIComponent(base)}&text=${encodeURIComponent(input.value)}`);
    out.innerHTML = await r.text();  // escaped by the service
  }
  input.addEventListener('input', show);
  show();
})();

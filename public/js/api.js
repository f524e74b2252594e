// api.js owns the page's network calls to the JSON API: posting JSON (a
// failure becomes an Error carrying the server's message) and fetching the
// sticker packs document. Nothing else in the page calls fetch.

/** The server answered with an error: `status` and the API's `code` tell it from a network failure. */
export class APIError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** POSTs JSON; a network failure rejects as fetch does (TypeError), an error answer as an APIError. */
export async function postJSON(path, body) {
  const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  let json = null;
  try { json = await r.json(); } catch { /* nginx's own pages when the backend is down */ }
  if (!r.ok || !json) throw new APIError(r.status, json?.error?.code ?? null, json?.error?.message ?? r.statusText);
  return json;
}

const PACKS_TIMEOUT_MS = 10_000;  // a network that never answers is a failure, asked again later

// The catalog: { packs: [{ title, cover, stickers: [...] }, ...] }.
export async function fetchPacks() {
  const r = await fetch('/api/packs', { signal: AbortSignal.timeout(PACKS_TIMEOUT_MS) });
  if (!r.ok) throw new APIError(r.status, null, `GET /api/packs: ${r.status} ${r.statusText}`);
  return r.json();
}

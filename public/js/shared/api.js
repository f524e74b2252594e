// api.js owns the page's calls to the JSON API: posting JSON, a failure
// becoming an Error carrying the server's message. The packs document is
// packs.js's: nothing else in the page calls fetch.

/** The server answered with an error: `status` and the API's `code` tell it from a network failure. */
export class APIError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** POSTs JSON; a network failure rejects as fetch does (TypeError), an error answer as an APIError;
 *  with `timeout` (ms), no answer by then rejects too (a TimeoutError). */
export async function postJSON(path, body, { timeout } = {}) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: timeout ? AbortSignal.timeout(timeout) : undefined,
  });
  let json = null;
  try {
    json = await response.json();
  } catch {
    /* nginx's own pages when the backend is down */
  }
  if (!response.ok || !json)
    throw new APIError(response.status, json?.error?.code ?? null, json?.error?.message ?? response.statusText);
  return json;
}

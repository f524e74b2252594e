// The page's reconciliation with the server (public/js/authority.js), in
// node with a stand-in for fetch: edits the server answers alike are only
// counted; where it differs, the server's state is adopted (each later edit
// asked again on the server's text) and the difference is counted and
// warned about; with no network the edits wait for the next check.
import { test, beforeEach, mock } from 'node:test';
import assert from 'node:assert/strict';
import { edit } from '../../public/js/model/index.js';
import { catalog } from './support.mjs';

globalThis.window = { addEventListener() {} };
const { initAuthority, record, check, stats } = await import('../../public/js/authority.js');

const policy = { maxLength: 140, countMode: 'graphemes', stickerWeight: 1 };
let adopted = null,
  field = null,
  server = null;
initAuthority({
  modelRecord: () => field,
  adopt: (s) => {
    adopted = s;
  },
  policyJSON: policy,
});

/** The server: the JS model itself, unless `server` says otherwise; null = the network is down. */
globalThis.fetch = async (_path, { body }) => {
  if (server === null) throw new TypeError('Failed to fetch');
  const answer = server(JSON.parse(body));
  return { ok: true, status: 200, json: async () => answer };
};

/** Types `keys` locally, as editor.js does, recording each edit. */
function type(keys) {
  let text = '',
    selection = { location: 0, length: 0 },
    response;
  for (const key of keys) {
    const request = { text, selection, unit: 'utf16', op: 'insert', string: key, policy };
    response = edit(request, catalog);
    record(request, response);
    ({ text, selection } = response);
  }
  field = { text, selection, counts: response.counts };
}

beforeEach(() => {
  adopted = null;
  server = (request) => edit(request, catalog);
  for (const k of Object.keys(stats)) stats[k] = 0;
});

test('edits the server answers alike are checked and nothing is adopted', async () => {
  type([...'hi[微笑]']);
  await check();
  assert.equal(stats.checked, 7); // six edits and the final state
  assert.equal(stats.differences, 0);
  assert.equal(adopted, null);
});

test('where the server differs it wins: its state is adopted and the difference counted', async () => {
  const warn = mock.method(console, 'warn', () => {});
  // A server whose rules differ: it turns every "x" into "y".
  server = (request) => edit({ ...request, ...(request.string === 'x' ? { string: 'y' } : {}) }, catalog);
  type([...'axb']);
  await check();
  // Each request carries its own text, so only the "x" edit is answered differently;
  // the "b" typed after it is asked again on the server's "ay".
  assert.equal(stats.differences, 1);
  assert.deepEqual(adopted, { text: 'ayb', selection: { location: 3, length: 0 } });
  assert.equal(warn.mock.callCount(), 1);
  warn.mock.restore();
});

test('with no network the edits wait, and are checked when it is back', async () => {
  server = null;
  type([...'ok']);
  await check();
  assert.equal(stats.failures, 1);
  assert.equal(stats.checked, 0);
  server = (request) => edit(request, catalog);
  await check();
  assert.equal(stats.checked, 3);
  assert.equal(stats.differences, 0);
});

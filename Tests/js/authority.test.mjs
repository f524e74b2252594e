// The page's reconciliation with the server (public/js/editor/authority.js), in
// node with a stand-in for fetch: edits the server answers alike are only
// counted; where it differs, the server's state is adopted (each later edit
// asked again on the server's text) and the difference is counted and
// warned about; with no network the edits wait for the next check; a refusal
// (a 4xx) is no answer: the page's text stays and the user is told.
import { test, beforeEach, mock } from 'node:test';
import assert from 'node:assert/strict';
import { edit } from '../../public/js/model/index.js';
import { catalog } from './support.mjs';

globalThis.window = { addEventListener() {} };
const { initAuthority, record, check, stats } = await import('../../public/js/editor/authority.js');

const policy = { maxLength: 140, countMode: 'graphemes', stickerWeight: 1 };
let adopted = null,
  refusals = [],
  field = null,
  server = null;
initAuthority({
  modelRecord: () => field,
  adopt: (s) => {
    adopted = s;
  },
  onRefused: (refusal) => refusals.push(refusal),
  policyJSON: policy,
});

/** The server: the JS model itself, unless `server` says otherwise; null = the network is down; an
 *  answer `{status}` of 400 or more is an error answer with that status. */
globalThis.fetch = async (_path, { body }) => {
  if (server === null) throw new TypeError('Failed to fetch');
  const answer = server(JSON.parse(body));
  if (answer.status >= 400) {
    const error = { error: { code: answer.code, message: 'refused' } };
    return { ok: false, status: answer.status, statusText: 'refused', json: async () => error };
  }
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
  refusals = [];
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

test("a refused check keeps the page's text and says so: a 413 is not 'no change'", async () => {
  // nginx refuses a body over its limit: before, the refusal stood for the text before the edit.
  server = (request) => (request.op === 'paste' ? { status: 413, code: 'body_too_large' } : edit(request, catalog));
  type([...'keep']);
  const request = {
    text: field.text,
    selection: field.selection,
    unit: 'utf16',
    op: 'paste',
    string: '汉'.repeat(200),
    policy,
  };
  const response = edit(request, catalog);
  record(request, response);
  field = { text: response.text, selection: response.selection, counts: response.counts };
  await check();
  assert.equal(adopted, null);
  assert.equal(stats.differences, 0);
  assert.equal(stats.refused, 1);
  assert.deepEqual(refusals, ['notCheckedTooLarge']);
});

test('a refusal while a difference is replayed adopts nothing', async () => {
  const warn = mock.method(console, 'warn', () => {});
  let calls = 0;
  // The server differs on "x", then refuses the replay of the edit after it.
  server = (request) => {
    calls += 1;
    if (request.string === 'x') return edit({ ...request, string: 'y' }, catalog);
    return request.string === 'b' && request.text === 'ay'
      ? { status: 400, code: 'invalid_request' }
      : edit(request, catalog);
  };
  type([...'axb']);
  await check();
  assert.ok(calls > 4);
  assert.equal(adopted, null);
  warn.mock.restore();
});

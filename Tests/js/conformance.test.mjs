// Runs every case of the conformance corpus (Tests/conformance/*.json)
// through the page's JS text model, as ConformanceTests.swift runs it through
// the Swift core: each expected field compared exactly, error codes matched.
// `html` is Swift's alone: the JS model never builds HTML strings.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { edit, count, loadGB18030 } from '../../public/js/model/index.js';
import { render } from '../../public/js/model/render-request.js';
import { search } from '../../public/js/model/search.js';
import { loadURLs } from '../../public/js/model/lengths.js';
import { catalog, corpus } from './support.mjs';

const run = { edit, count, render, search };

// A search case expects `found` (each result's tag, or its emoji) and `match`, in order.
const derived = {
  search: (r) => ({ ...r, found: r.stickers.map((s) => s.tag ?? s.emoji), match: r.stickers.map((s) => s.match) }),
};

before(() => Promise.all([loadGB18030(), loadURLs()]));

for (const { file, ...sections } of corpus()) {
  for (const kind of ['edit', 'count', 'render', 'search']) {
    for (const c of sections[kind] ?? []) {
      test(`${file} ${kind}: ${c.name}`, () => {
        let response;
        try {
          response = run[kind](structuredClone(c.request), catalog);
          response = derived[kind]?.(response) ?? response;
        } catch (error) {
          if (!error.code) throw error;
          assert.equal(error.code, c.error, `unexpected error ${error.code}: ${error.message}`);
          return;
        }
        assert.equal(c.error, undefined, `expected error ${c.error}, got ${JSON.stringify(response)}`);
        for (const [key, value] of Object.entries(c.expect)) {
          if (key === 'html') continue;
          assert.ok(key in response, `response has no "${key}"`);
          assert.deepEqual(JSON.parse(JSON.stringify(response[key])), value, key);
        }
      });
    }
  }
}

test('the corpus holds at least 400 cases', () => {
  const total = corpus().reduce(
    (n, f) => n + ['edit', 'count', 'render', 'search'].reduce((m, k) => m + (f[k]?.length ?? 0), 0),
    0,
  );
  assert.ok(total >= 400, `${total} cases`);
});

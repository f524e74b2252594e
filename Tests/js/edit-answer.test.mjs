// The edit's answer has one shape for the page: model/requests.js's EDIT_FIELDS, which is
// public/openapi.yaml's EditResponse less `html`, and which the model's answers, the server's check
// (authority.js) and the differential test all use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, catalog } from './support.mjs';
import { EDIT_FIELDS, edit } from '../../public/js/model/requests.js';

/** The property names of the schema `name` in public/openapi.yaml (its `properties:` block, one a line). */
function propertiesOf(name) {
  const lines = readFileSync(join(ROOT, 'public', 'openapi.yaml'), 'utf8').split('\n');
  const start = lines.indexOf(`    ${name}:`);
  assert.ok(start >= 0, `openapi.yaml has no schema ${name}`);
  const at = lines.indexOf('      properties:', start);
  const names = [];
  for (let i = at + 1; i < lines.length && lines[i].startsWith('        '); i++) {
    const property = /^ {8}(\w+):/.exec(lines[i]);
    if (property) names.push(property[1]);
  }
  return names;
}

test("the edit's fields are openapi.yaml's EditResponse less html, in its order", () => {
  assert.deepEqual(
    EDIT_FIELDS,
    propertiesOf('EditResponse').filter((field) => field !== 'html'),
  );
});

test("the model's answer has exactly those fields: clipboard for a cut or a copy only", () => {
  const request = { text: '好[微笑]', selection: { location: 0, length: 1 }, op: 'cut' };
  assert.deepEqual(Object.keys(edit(request, catalog)), EDIT_FIELDS);
  const typed = edit({ ...request, op: 'insert', string: 'x' }, catalog);
  assert.deepEqual(
    Object.keys(typed),
    EDIT_FIELDS.filter((field) => field !== 'clipboard'),
  );
  assert.equal(typed.text, 'x[微笑]');
});

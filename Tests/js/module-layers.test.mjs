// The page's modules keep to their layers: each import, static or dynamic (as esbuild reads them,
// tools/build-page.mjs's moduleImports), goes from a folder of public/js/ to itself or to a folder
// its row of docs/page.md's table ("The modules, by layer") names. The table is the rule, written
// once; this file only reads and checks it, and checks that the table is not looser than the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support.mjs';
import { moduleImports } from '../../tools/build-page.mjs';

/** The table of `markdown` headed `| folder | holds | imports from |`: {folder: [folders it may import]}. */
function layersOf(markdown) {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\| folder \| holds \| imports from \|$/.test(line));
  assert.ok(header >= 0, 'docs/page.md has no table of the folders');
  const rows = [];
  for (let i = header + 2; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i]);
  return Object.fromEntries(
    rows.map((row) => {
      const cells = row.split('|').slice(1, -1);
      const folder = /^ `([a-z]+)\/` $/.exec(cells[0]);
      assert.ok(folder, `a row names no folder: ${row}`);
      const allowed = [...cells.at(-1).matchAll(/`([a-z]+)\/`/g)].map((m) => m[1]);
      return [folder[1], allowed];
    }),
  );
}

const folderOf = (module) => (module.includes('/') ? module.slice(0, module.indexOf('/')) : '');

/** The imports of `graph` ({module: [imported]}) that `layers` does not allow, as "from -> to". */
function crossings(graph, layers) {
  const wrong = [];
  for (const [from, imported] of Object.entries(graph))
    for (const to of imported) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a !== b && !(layers[a] ?? []).includes(b)) wrong.push(`${from} -> ${to}`);
    }
  return wrong;
}

/** The folders' imports `layers` allows that no module of `graph` makes, as "from/ -> to/". */
function unused(graph, layers) {
  const made = new Set(
    Object.entries(graph).flatMap(([from, imported]) => imported.map((to) => `${folderOf(from)} -> ${folderOf(to)}`)),
  );
  return Object.entries(layers).flatMap(([from, allowed]) =>
    allowed.filter((to) => !made.has(`${from} -> ${to}`)).map((to) => `${from}/ -> ${to}/`),
  );
}

const layers = layersOf(readFileSync(join(ROOT, 'docs', 'page.md'), 'utf8'));
const graph = await moduleImports();

test('every module of the page sits in a folder the table names', () => {
  const modules = Object.keys(graph);
  assert.ok(modules.length > 60, `only ${modules.length} modules found: the walk is broken`);
  assert.deepEqual(
    modules.filter((module) => !(folderOf(module) in layers)),
    [],
  );
});

test('every import goes to its own folder or to one its row of the table names', () => {
  assert.deepEqual(crossings(graph, layers), []);
});

test('every import the table allows is one the page makes: the rule is no looser than the code', () => {
  assert.deepEqual(unused(graph, layers), []);
});

test('the model and shared/ import nothing outside themselves, and the editor, the panel and the chat not one another', () => {
  // Said here as well as in the table, so that a change to the table that undoes the layering fails.
  assert.deepEqual(layers.model, []);
  assert.deepEqual(layers.shared, []);
  for (const part of ['editor', 'panel', 'chat'])
    for (const other of ['editor', 'panel', 'chat', 'start'])
      assert.ok(!layers[part].includes(other), `${part} -> ${other}`);
});

test('the check sees an import across the layers, a loose module and an allowance nothing uses', () => {
  const planted = {
    'panel/panel.js': ['panel/tabs.js', 'editor/editor-dom.js'],
    'model/scanner.js': ['shared/strings.js'],
    'loose.js': [],
  };
  assert.deepEqual(crossings(planted, layers), [
    'panel/panel.js -> editor/editor-dom.js',
    'model/scanner.js -> shared/strings.js',
  ]);
  assert.ok(!(folderOf('loose.js') in layers));
  assert.deepEqual(unused({ 'chat/chat.js': ['shared/api.js'] }, { chat: ['model', 'shared'] }), ['chat/ -> model/']);
  const table = '| folder | holds | imports from |\n| --- | --- | --- |\n| `a/` | x | none |\n| `b/` | y | `a/` |\n';
  assert.deepEqual(layersOf(table), { a: [], b: ['a'] });
});

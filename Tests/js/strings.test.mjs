// Every string the page asks for exists in Chinese and in English: each
// t('key') of a module and each data-i18n key of index.html is in strings.js's
// table or in late-strings.js's, and a module of the start (main.js and what it
// imports statically, as tools/build-page.mjs bundles it) or a label the start shows uses only the start's table,
// since late-strings.js loads after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROOT } from './support.mjs';
import { startModules as modulesOfTheStart } from '../../tools/build-page.mjs';

const js = join(ROOT, 'public', 'js');
const read = (file) => readFileSync(file, 'utf8');

/** The keys of each language's table in a strings module: {zh: Set, en: Set}. */
function tables(file) {
  const source = read(file);
  const keysOf = (lang) => {
    const start = source.indexOf(`  ${lang}: {\n`);
    const end = source.indexOf('\n  },', start);
    assert.ok(start >= 0 && end > start, `${file}: no ${lang} table`);
    return new Set([...source.slice(start, end).matchAll(/^ {4}(\w+):/gm)].map((m) => m[1]));
  };
  return { zh: keysOf('zh'), en: keysOf('en') };
}

const start = tables(join(js, 'shared', 'strings.js'));
const late = tables(join(js, 'shared', 'late-strings.js'));
const html = read(join(ROOT, 'public', 'index.html'));
const startModules = new Set((await modulesOfTheStart()).map((path) => relative(js, path).split(sep).join('/')));

const modules = (dir, prefix = '') =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? modules(join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name.endsWith('.js')
        ? [`${prefix}${entry.name}`]
        : [],
  );

/** The keys named in a module's t(...) calls, each call read to its closing parenthesis (a choice
 *  between two, t(on(x) ? 'a' : 'b'), names both). */
function keysAsked(source) {
  const keys = [];
  for (const call of source.matchAll(/\bt\(/g)) {
    let depth = 1,
      end = call.index + 2;
    for (; end < source.length && depth > 0; end++) depth += source[end] === '(' ? 1 : source[end] === ')' ? -1 : 0;
    keys.push(...[...source.slice(call.index + 2, end - 1).matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]));
  }
  return keys;
}

test('both languages have the same keys, and no key is in both tables', () => {
  assert.deepEqual([...start.zh].sort(), [...start.en].sort());
  assert.deepEqual([...late.zh].sort(), [...late.en].sort());
  for (const key of start.zh) assert.ok(!late.zh.has(key), key);
});

test('every key a module asks for is in a table, and the start asks only its own', () => {
  let asked = 0;
  for (const module of modules(js)) {
    if (module.endsWith('strings.js')) continue;
    const source = read(join(js, module));
    if (!/from '(?:\.\/|(?:\.\.\/)+shared\/)strings\.js'/.test(source)) continue;
    for (const key of keysAsked(source)) {
      asked += 1;
      if (startModules.has(module))
        assert.ok(start.zh.has(key), `${module} is in the start and asks for '${key}', which is not in strings.js`);
      else assert.ok(start.zh.has(key) || late.zh.has(key), `${module} asks for '${key}', which no table has`);
    }
  }
  assert.ok(asked > 15, `only ${asked} keys found: the scan is broken`);
});

test("every label index.html marks is in a table; those outside the panel and the offer in the start's", () => {
  const later = html.slice(html.indexOf('<section id="panel"'));
  for (const [attribute, key] of html.matchAll(/data-i18n(?:-[a-z]+)?="([A-Za-z]+)"/g)) {
    assert.ok(start.zh.has(key) || late.zh.has(key), `${attribute}: no table has '${key}'`);
  }
  const early = html.slice(0, html.indexOf('<section id="panel"')).replace(/<button[^>]*id="update"[^>]*>/, '');
  for (const [attribute, key] of early.matchAll(/data-i18n(?:-[a-z]+)?="([A-Za-z]+)"/g)) {
    assert.ok(start.zh.has(key), `${attribute} is shown at the start, but '${key}' is not in strings.js`);
  }
  assert.ok(later.length > 0);
});

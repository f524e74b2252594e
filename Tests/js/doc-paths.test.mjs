// Every file a doc or a comment names exists: README.md, docs/*.md, and the
// comments of public/ and Tests/ are read for repository paths
// (`public/js/panel/panel.js`, `Tests/e2e/test_page.py`, `tools/build-page.mjs`,
// `Sources/StickerText/API/`, a glob such as `Tests/conformance/*.json`) and
// for file names alone (`grid-pages.js`, `test_keyboard.py`, as comments name
// their neighbours), and each must name a file or folder of the repository:
// a file moved or renamed leaves no stale reference behind. In the docs,
// fenced code is not read (it is code, `print(rendered.html)`), and neither
// is a path with an ellipsis (`…+JSON.swift`, a family of files).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './support.mjs';

// Named, and rightly absent from a checkout: each with why.
const ABSENT = {
  'Tests/conformance/differential-regressions.json': 'written by the differential test at its first difference',
  'public/stickers/x/pack.json': "an example pack's path in an error message (docs/packs.md)",
};

const SKIPPED = new Set(['.git', '.build', 'node_modules', '__pycache__', '.benchmarks']);
const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(ROOT, path)];
  });
const files = filesUnder(ROOT);
const names = new Set(files.map((path) => basename(path)));

const docs = ['README.md', ...files.filter((path) => /^docs\/[^/]+\.md$/.test(path))];
const SELF = relative(ROOT, fileURLToPath(import.meta.url)); // names stale paths on purpose, below
const commented = files.filter(
  (path) => /^(public|Tests)\//.test(path) && /\.(m?js|css|html|py|sh|swift|yaml)$/.test(path) && path !== SELF,
);

/** What of `text` is prose: a doc less its fenced code, or a source file's comments. */
function proseOf(path, text) {
  if (path.endsWith('.md')) return text.replace(/^```[\s\S]*?^```/gm, '');
  if (/\.(py|sh|yaml)$/.test(path)) return [...text.matchAll(/#.*|"""[\s\S]*?"""/g)].map((m) => m[0]).join('\n');
  if (path.endsWith('.html')) return [...text.matchAll(/<!--[\s\S]*?-->/g)].map((m) => m[0]).join('\n');
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/.*/g)].map((m) => m[0]).join('\n');
}

const TOP = '(?:public|Tests|tools|docs|Sources|scripts|nginx|systemd|Benchmarks|Fuzz)';
const PATH = new RegExp(`(?<![\\w./…+-])${TOP}/[\\w./*+-]*[\\w*/]`, 'g');
const NAME = /(?<![\w./…+-])[\w+-]+\.(?:js|mjs|py|swift|sh|css|html)(?![\w-])/g;

const globMatches = (glob) => {
  const pattern = new RegExp(`^${glob.replace(/[.+]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return files.some((path) => pattern.test(path));
};
const exists = (path) => (path.includes('*') ? globMatches(path) : existsSync(join(ROOT, path)));

/** The paths and file names `text` (of the file `path`) names that do not exist. */
function missingIn(path, text) {
  const prose = proseOf(path, text);
  const missing = [];
  for (const [named] of prose.matchAll(PATH)) {
    const target = named.replace(/\.+$/, '');
    if (!(target in ABSENT) && !exists(target)) missing.push(target);
  }
  for (const [name] of prose.matchAll(NAME)) if (!names.has(name)) missing.push(name);
  return missing;
}

test('every path and file name the docs and the comments of public/ and Tests/ name exists', () => {
  const stale = [...docs, ...commented].flatMap((path) =>
    missingIn(path, readFileSync(join(ROOT, path), 'utf8')).map((named) => `${path}: ${named}`),
  );
  assert.deepEqual(stale, []);
});

test('the check sees a stale path, a stale file name and a stale glob, and passes over code and ellipses', () => {
  const stale = missingIn(
    'public/js/example.js',
    `// public/js/panel/panel.js, public/js/gone.js and theme.js
     // Tests/e2e/test_page.py, Tests/e2e/test_offline.py, Tests/conformance/*.json, Tests/conformance/*.yaml
     // …+JSON.swift, grid-pages.js
     const notAComment = 'public/js/nowhere.js';`,
  );
  assert.deepEqual(stale, ['public/js/gone.js', 'Tests/e2e/test_offline.py', 'Tests/conformance/*.yaml', 'theme.js']);
  assert.deepEqual(missingIn('docs/x.md', 'See `rendered.html`.\n```\nprint(rendered.html)\n```\n'), ['rendered.html']);
  assert.deepEqual(missingIn('docs/x.md', '```\nprint(rendered.html)\n```\n'), []);
});

// What tools/build-page.mjs builds from public/ is what the page needs: the
// start in one file holding main.js and every module it imports statically
// (and none it loads later), each module once in the whole build (a late chunk
// imports the start's bindings from the start file), index.html, embed.html and api.html
// naming the built files, sw.js's offline copy listing every file of the page
// with the hash of its content, the embed one classic script, a source map and
// a gzip beside each file; the same sources build the same bytes; an import
// from elsewhere than the page's own files is refused; and .build/site, where
// it is built, is what the sources build (`--check` says what is stale).
// Modules are read with node's vm.SourceTextModule (a real parse), which needs
// --experimental-vm-modules: in a child process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './support.mjs';
import { buildSite } from '../../tools/build-page.mjs';

const tool = (root, ...args) =>
  spawnSync(process.execPath, [join(ROOT, 'tools', 'build-page.mjs'), '--root', root, ...args], { encoding: 'utf8' });

/** The specifiers each module imports: {static: [...], dynamic: [...]} by path, from a real parse. */
function importsOf(modules) {
  const script = `
    const vm = require('node:vm');
    const modules = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const out = {};
    for (const [path, text] of Object.entries(modules)) {
      const m = new vm.SourceTextModule(text, { identifier: path });
      const dynamic = [...text.matchAll(/\\bimport\\("([^"]+)"\\)/g)].map((x) => x[1]);
      out[path] = { static: m.dependencySpecifiers, dynamic };
    }
    process.stdout.write(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '-e', script], {
    input: JSON.stringify(modules),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

/** A copy of the checkout's public/ (and no build) in a temporary folder: its path. */
function copy() {
  const root = mkdtempSync(join(tmpdir(), 'page-build-'));
  cpSync(join(ROOT, 'public'), join(root, 'public'), { recursive: true });
  return root;
}

const built = await buildSite(ROOT);
const text = (path) => built.files.find((f) => f.path === path)?.contents.toString('utf8');
const scripts = built.files.filter((f) => /^js\/[^/]+\.js$/.test(f.path));
const imports = importsOf(Object.fromEntries(scripts.map((f) => [f.path, f.contents.toString('utf8')])));
const rel = (path) => path.slice(ROOT.length + 1);

test('the start is one file: main.js and every module it imports, however deep, and none it loads later', () => {
  assert.match(built.start, /^js\/start-[A-Z0-9]{8}\.js$/);
  assert.deepEqual(imports[built.start].static, [], 'the start imports no other file before it runs');
  const inputs = built.startInputs.map(rel);
  // Deep in the graph, several imports down: a round trip each if they were files of their own.
  for (const deep of [
    'public/js/start/main.js',
    'public/js/editor/editor.js',
    'public/js/model/requests.js',
    'public/js/model/text-backed-string.js',
    'public/js/model/graphemes.js',
    'public/js/model/grapheme-break-table.js',
  ])
    assert.ok(inputs.includes(deep), deep);
  // Data that only some count modes need is not in it either.
  const late = [
    'panel/keyboard.js',
    'chat/chat.js',
    'editor/autocomplete.js',
    'model/history.js',
    'shared/notes.js',
    'editor/word-range.js',
    'editor/long-paste.js',
  ];
  const modes = ['model/gb18030-table.js', 'model/urls.js', 'model/twitter-text-tables.js'];
  for (const module of [...late, ...modes])
    assert.ok(!inputs.includes(`public/js/${module}`), `${module} loads after the start`);
  // What it loads later, it asks for by the built names.
  const later = imports[built.start].dynamic;
  for (const name of ['keyboard', 'chat', 'autocomplete', 'history', 'notes', 'word-range', 'long-paste'])
    assert.ok(
      later.some((path) => new RegExp(`^\\./${name}-[A-Z0-9]{8}\\.js$`).test(path)),
      `${name}: ${later}`,
    );
});

test('each module is in one file of the build, and the late files import the start from the start file', () => {
  const owner = new Map();
  for (const f of scripts) {
    const map = JSON.parse(text(`${f.path}.map`));
    for (const source of map.sources) {
      assert.ok(!owner.has(source), `${source} is in ${owner.get(source)} and in ${f.path}`);
      owner.set(source, f.path);
    }
  }
  assert.ok(owner.size > 40, `only ${owner.size} modules in the build`);
  const names = new Set(scripts.map((f) => f.path.slice('js/'.length)));
  for (const f of scripts) {
    for (const path of [...imports[f.path].static, ...imports[f.path].dynamic]) {
      assert.match(path, /^\.\/[^/]+\.js$/, `${f.path} imports ${path}`);
      assert.ok(names.has(path.slice(2)), `${f.path} imports ${path}, which the build does not have`);
    }
  }
  const keyboard = scripts.find((f) => f.path.startsWith('js/keyboard-')).path;
  assert.ok(imports[keyboard].static.includes(`./${built.start.slice('js/'.length)}`), imports[keyboard].static);
});

test('index.html names the built stylesheet and start, and every file a page names is built or served', () => {
  const html = text('index.html');
  const references = [...html.matchAll(/\b(?:href|src)="([^"#?:]+)"/g)].map((m) => m[1]);
  assert.ok(references.includes(built.start), references);
  const stylesheets = references.filter((r) => r.endsWith('.css'));
  assert.equal(stylesheets.length, 1);
  assert.match(stylesheets[0], /^app-[A-Z0-9]{8}\.css$/);
  assert.ok(!/modulepreload/.test(html), 'one file: nothing to preload but the packs');
  for (const page of ['index.html', 'embed.html', 'api.html'])
    for (const [, path] of text(page).matchAll(/\b(?:href|src)="([^"#?:]+)"/g)) {
      const local = path.replace(/^\//, '');
      if (local.startsWith('api/')) continue;
      const served = text(local) !== undefined || built.links.some((l) => local.startsWith(`${l.path}`));
      assert.ok(served, `${page} names ${path}, which the site does not have`);
    }
  assert.match(text('embed.html'), /<script src="embed\/stickertext\.js" defer>/, 'the embed keeps its name');
});

test('the offline copy lists every file of the page with the hash of its content, and the version they make', () => {
  const sw = JSON.parse(text('sw.js.map')).sourcesContent[0]; // as written, before minifying
  const listed = [...sw.matchAll(/^\s*\['(\/[^']+)', '([0-9a-f]{16})'\],$/gm)].map((m) => [m[1], m[2]]);
  const urls = listed.map(([url]) => url);
  for (const f of built.files.filter((f) => /^(js\/[^/]+\.js|[^/]+\.css)$/.test(f.path)))
    assert.ok(urls.includes(`/${f.path}`), `${f.path} is not in the offline copy`);
  assert.ok(urls.includes('/index.html') && urls.includes(`/${built.start}`));
  assert.ok(!urls.some((url) => /\.(map|gz)$/.test(url) || url.startsWith('/embed/')), urls);
  for (const [url, revision] of listed) {
    const bytes =
      text(url.slice(1)) !== undefined ? Buffer.from(text(url.slice(1))) : readFileSync(join(ROOT, 'public', url));
    assert.equal(revision, createHash('sha256').update(bytes).digest('hex').slice(0, 16), url);
  }
  const version = /const VERSION = '([0-9a-f]{16})';/.exec(sw)[1];
  assert.ok(text('sw.js').includes(version), 'the minified worker has the version');
});

test('the embed is one classic script with the catalog and the scanner in it', () => {
  const embed = text('embed/stickertext.js');
  assert.ok(embed.startsWith('"use strict";'));
  assert.ok(!/\bimport\s*[("{*]|\bexport\s*[{*]/.test(embed.replace(/\/\/# sourceMappingURL=.*$/m, '')), 'no import');
  const sources = JSON.parse(text('embed/stickertext.js.map')).sources;
  for (const module of ['embed/stickertext.js', 'js/model/catalog.js', 'js/model/scanner.js'])
    assert.ok(
      sources.some((s) => s.endsWith(`public/${module}`)),
      `${module}: ${sources}`,
    );
});

test('every built file has its source map and its gzip beside it', () => {
  for (const f of built.files.filter((f) => /\.(js|css)$/.test(f.path))) {
    assert.ok(
      f.contents.toString('utf8').endsWith(`/*# sourceMappingURL=${f.path.split('/').pop()}.map */\n`) ||
        f.contents.toString('utf8').endsWith(`//# sourceMappingURL=${f.path.split('/').pop()}.map\n`),
      f.path,
    );
    assert.ok(text(`${f.path}.map`), `${f.path}.map`);
  }
  for (const f of built.files.filter((f) => !/\.(map|gz)$/.test(f.path))) {
    const gz = built.files.find((g) => g.path === `${f.path}.gz`);
    assert.ok(gz && gunzipSync(gz.contents).equals(f.contents), `${f.path}.gz`);
  }
});

test('the same sources build the same bytes, from any folder', async () => {
  const root = copy();
  try {
    const again = await buildSite(root);
    assert.equal(again.version, built.version);
    assert.deepEqual(
      again.files.map((f) => [f.path, f.contents.toString('base64')]),
      built.files.map((f) => [f.path, f.contents.toString('base64')]),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('builds of the same sources at once all succeed, and leave the site they build', async () => {
  const root = copy();
  try {
    const runs = Array.from(
      { length: 4 },
      () =>
        new Promise((done) => {
          const child = spawn(process.execPath, [join(ROOT, 'tools', 'build-page.mjs'), '--root', root], {
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let stderr = '';
          child.stderr.on('data', (chunk) => {
            stderr += chunk;
          });
          child.on('close', (status) => done({ status, stderr }));
        }),
    );
    for (const run of await Promise.all(runs)) assert.equal(run.status, 0, run.stderr);
    const check = tool(root, '--check');
    assert.equal(check.status, 0, check.stderr);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a changed module changes the start, the lists and the version; --check says so; a foreign import is refused', () => {
  const root = copy();
  try {
    assert.equal(tool(root, '--check').status, 1, 'not built yet');
    assert.equal(tool(root).status, 0);
    assert.equal(tool(root, '--check').status, 0);
    const site = join(root, '.build', 'site');
    const version = () => /const VERSION = '([0-9a-f]+)'/.exec(readFileSync(join(site, 'sw.js.map'), 'utf8'))[1];
    const startName = () => /src="(js\/start-[A-Z0-9]+\.js)"/.exec(readFileSync(join(site, 'index.html'), 'utf8'))[1];
    const [before, startBefore] = [version(), startName()];
    appendFileSync(join(root, 'public', 'js', 'start', 'main.js'), "\nwindow.__built = 'again';\n");
    const stale = tool(root, '--check');
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /index\.html/);
    assert.match(stale.stderr, /sw\.js/);
    assert.equal(tool(root).status, 0);
    assert.equal(tool(root, '--check').status, 0);
    assert.notEqual(version(), before);
    assert.notEqual(startName(), startBefore);
    assert.match(readFileSync(join(site, startName()), 'utf8'), /__built/);
    assert.ok(!existsSync(join(site, startBefore)), 'the older build is gone');
    // A file changed in the built site (a deploy half copied) is named by --check.
    appendFileSync(join(site, startName()), '\n');
    assert.match(tool(root, '--check').stderr, /start-/);
    // An import from elsewhere than the page's own files is refused, and the site is left as it was.
    writeFileSync(
      join(root, 'public', 'js', 'start', 'added.js'),
      "import x from 'https://cdn.example/x.js';\nexport const added = x;\n",
    );
    appendFileSync(
      join(root, 'public', 'js', 'start', 'main.js'),
      "import { added } from './added.js';\nconsole.log(added);\n",
    );
    const refused = tool(root);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /the page loads only its own files/);
    assert.ok(existsSync(join(site, startName())));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test(
  '.build/site, where it is built, is what public/ builds',
  { skip: !existsSync(join(ROOT, '.build', 'site')) && 'not built (make site)' },
  () => {
    const run = tool(ROOT, '--check');
    assert.equal(run.status, 0, run.stderr);
  },
);

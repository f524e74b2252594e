// The two lists tools/page-manifest.mjs writes are true of public/ as it is:
// index.html preloads exactly the modules of the start (main.js and what it
// imports statically), and sw.js's offline copy lists every module with the
// hash of its content. The tool parses modules with node's vm.SourceTextModule,
// which needs --experimental-vm-modules: it runs in a child process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, mkdtempSync, cpSync, writeFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './support.mjs';

const tool = (root, ...args) =>
  spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', join(root, 'tools', 'page-manifest.mjs'), ...args],
    { encoding: 'utf8' },
  );

const modules = (dir, prefix = '/js') =>
  readdirSync(dir)
    .sort()
    .flatMap((name) =>
      statSync(join(dir, name)).isDirectory()
        ? modules(join(dir, name), `${prefix}/${name}`)
        : name.endsWith('.js')
          ? [`${prefix}/${name}`]
          : [],
    );

const precache = (sw) => [...sw.matchAll(/^\s*\['(\/[^']+)', '([0-9a-f]{16})'\],$/gm)].map((m) => [m[1], m[2]]);

test('index.html and sw.js are what the tool writes from public/ as it is', () => {
  const run = tool(ROOT, '--check');
  assert.equal(run.status, 0, run.stderr);
});

test('the offline copy lists every module and stylesheet of the page with the hash of its content', () => {
  const listed = precache(readFileSync(join(ROOT, 'public', 'sw.js'), 'utf8'));
  const urls = listed.map(([url]) => url);
  for (const module of modules(join(ROOT, 'public', 'js')))
    assert.ok(urls.includes(module), `${module} is not in the offline copy`);
  assert.ok(urls.includes('/index.html'));
  for (const stylesheet of readdirSync(join(ROOT, 'public')).filter((f) => f.endsWith('.css')))
    assert.ok(urls.includes(`/${stylesheet}`), stylesheet);
  for (const [url, revision] of listed) {
    const hash = createHash('sha256')
      .update(readFileSync(join(ROOT, 'public', url)))
      .digest('hex')
      .slice(0, 16);
    assert.equal(revision, hash, url);
  }
});

test('index.html preloads every module main.js imports, however deep, and no module it loads late', () => {
  const html = readFileSync(join(ROOT, 'public', 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  // Deep in the graph, several imports down: a waterfall of round trips if it were not preloaded.
  for (const deep of [
    'js/main.js',
    'js/editor.js',
    'js/model/requests.js',
    'js/model/text-backed-string.js',
    'js/model/graphemes.js',
  ]) {
    assert.ok(preloaded.includes(deep), deep);
  }
  for (const late of ['js/keyboard.js', 'js/chat.js', 'js/autocomplete.js', 'js/model/history.js', 'js/notes.js']) {
    assert.ok(!preloaded.includes(late), `${late} loads after the start`);
  }
  assert.equal(new Set(preloaded).size, preloaded.length);
});

test('a changed module, a new import or a changed file changes the lists and the version, and --check says so', () => {
  const root = mkdtempSync(join(tmpdir(), 'page-manifest-'));
  try {
    cpSync(join(ROOT, 'public'), join(root, 'public'), { recursive: true });
    cpSync(join(ROOT, 'tools'), join(root, 'tools'), { recursive: true });
    const version = () => /const VERSION = '([0-9a-f]+)'/.exec(readFileSync(join(root, 'public', 'sw.js'), 'utf8'))[1];
    assert.equal(tool(root, '--check').status, 0);
    const before = version();
    // A start module imports a new module: it is preloaded, and the copy lists it.
    writeFileSync(join(root, 'public', 'js', 'added.js'), 'export const added = 1;\n');
    const main = join(root, 'public', 'js', 'main.js');
    writeFileSync(main, `import { added } from './added.js';\n${readFileSync(main, 'utf8')}`);
    const stale = tool(root, '--check');
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /index\.html/);
    assert.match(stale.stderr, /sw\.js/);
    assert.equal(tool(root).status, 0);
    assert.equal(tool(root, '--check').status, 0);
    assert.notEqual(version(), before);
    assert.match(
      readFileSync(join(root, 'public', 'index.html'), 'utf8'),
      /<link rel="modulepreload" href="js\/added\.js">/,
    );
    assert.ok(precache(readFileSync(join(root, 'public', 'sw.js'), 'utf8')).some(([url]) => url === '/js/added.js'));
    // An import from elsewhere than the page's own files is refused.
    writeFileSync(
      join(root, 'public', 'js', 'added.js'),
      "import x from 'https://cdn.example/x.js';\nexport const added = x;\n",
    );
    const refused = tool(root);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /the page loads only its own files/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

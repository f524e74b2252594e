// Writes the two lists the page's start depends on, from the files in public/:
//
// - index.html's <link rel="modulepreload"> for every module of the start:
//   main.js and all it imports statically, found by parsing each module
//   (node's vm.SourceTextModule, a real parse, not a regular expression), so
//   that the browser asks for the whole start in one round trip after the
//   HTML, not one level of imports per round trip;
// - sw.js's precache list: every file of the page's offline copy with the
//   hash of its content (a revision), and the version those make. The service
//   worker installs a version whole and serves each page from one version.
//
// No build step: the files are served as they are; this only keeps the two
// lists true. Tests/js/page-manifest.test.mjs fails when they are not.
//
// usage: node --experimental-vm-modules tools/page-manifest.mjs [--check]
//   --check   writes nothing; exits 1 and names what differs
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');
const ENTRY = join(PUBLIC, 'js', 'main.js');
// The page's offline copy: the document, its icon, every stylesheet of public/ (the keyboard's
// loads with it) and every module (the late ones too).
const COPY_FILES = ['index.html', 'stickers/weibo/smile.png'];
const MODULE_DIR = join(PUBLIC, 'js');

const PRELOAD_BEGIN = "<!-- The start's modules, fetched at once: tools/page-manifest.mjs writes these lines. -->";
const PRELOAD_END = "<!-- end of the start's modules -->";
const PRECACHE_BEGIN = '// The offline copy: tools/page-manifest.mjs writes what follows, up to its end line.';
const PRECACHE_END = '// End of the offline copy.';

const urlOf = (file) => `/${relative(PUBLIC, file).split(sep).join('/')}`;

/** The modules `entry` needs before it runs: itself and its static imports, depth first, each once. */
export function startModules(entry = ENTRY) {
  const order = [];
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const module = new vm.SourceTextModule(readFileSync(file, 'utf8'), { identifier: file });
    for (const specifier of module.dependencySpecifiers) {
      if (!specifier.startsWith('.'))
        throw new Error(`${urlOf(file)} imports '${specifier}': the page loads only its own files`);
      visit(resolve(dirname(file), specifier));
    }
    order.push(file);
  };
  visit(entry);
  return order.reverse(); // the entry first, as the browser meets them
}

function modulesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return modulesUnder(path);
      return name.endsWith('.js') ? [path] : [];
    });
}

const revisionOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

/** Replaces what lies between two marker lines of `text` (each kept) with `lines`. */
function between(text, begin, end, lines, name) {
  const from = text.indexOf(begin),
    to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${name}: the marker lines are missing ("${begin}" ... "${end}")`);
  const indent = text.slice(text.lastIndexOf('\n', from) + 1, from);
  return `${text.slice(0, from + begin.length)}\n${lines.map((l) => `${indent + l}\n`).join('')}${indent}${text.slice(to)}`;
}

/** index.html and sw.js as they should be: {path: text}. */
export function manifestFiles() {
  const htmlPath = join(PUBLIC, 'index.html');
  const preloads = startModules().map((file) => `<link rel="modulepreload" href="${urlOf(file).slice(1)}">`);
  const html = between(readFileSync(htmlPath, 'utf8'), PRELOAD_BEGIN, PRELOAD_END, preloads, 'index.html');
  // The revisions are of the files as written here (index.html with its new preloads).
  const stylesheets = readdirSync(PUBLIC)
    .filter((name) => name.endsWith('.css'))
    .sort();
  const copy = [...[...COPY_FILES, ...stylesheets].map((f) => join(PUBLIC, f)), ...modulesUnder(MODULE_DIR)];
  const entries = copy.map((file) => [
    urlOf(file),
    file === htmlPath ? createHash('sha256').update(html).digest('hex').slice(0, 16) : revisionOf(file),
  ]);
  const version = createHash('sha256')
    .update(entries.map(([url, rev]) => `${url} ${rev}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const swPath = join(PUBLIC, 'sw.js');
  const sw = between(
    readFileSync(swPath, 'utf8'),
    PRECACHE_BEGIN,
    PRECACHE_END,
    [
      `const VERSION = '${version}';`,
      'const PRECACHE = [',
      ...entries.map(([url, rev]) => `  ['${url}', '${rev}'],`),
      '];',
    ],
    'sw.js',
  );
  return { [htmlPath]: html, [swPath]: sw };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, text] of Object.entries(manifestFiles())) {
    if (readFileSync(path, 'utf8') === text) continue;
    stale++;
    if (check) console.error(`${relative(ROOT, path)} is not what tools/page-manifest.mjs writes: run it`);
    else writeFileSync(path, text);
  }
  if (!check && stale) console.log(`wrote ${stale} file(s)`);
  process.exit(check && stale ? 1 : 0);
}

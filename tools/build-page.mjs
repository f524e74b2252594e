// Builds the site nginx serves, .build/site/, from public/ with esbuild (Debian's
// esbuild package, through its JS API): public/ holds the sources, ES modules
// that node's tests import as they are; what a browser gets is built from them.
//
// - The page's start, one file: js/start/main.js and every module it imports
//   statically, bundled and minified into js/start-HASH.js. The modules it
//   loads later (import('../panel/keyboard.js') and the like) are split into a few
//   chunks, js/NAME-HASH.js and js/chunk-HASH.js, which import the start's
//   bindings from the start file itself: the browser holds one copy of each
//   module, as the sources do. (esbuild puts a module that the start and a
//   late module both import into a chunk of its own, which the start would
//   then import: a second round trip. So each late module is given, for the
//   build only, an import of main.js; every module of the start is then shared
//   by the same entries, and esbuild puts them all into one chunk, which is
//   the start. Tests/js/page-build.test.mjs checks it is one file.)
// - The stylesheets, minified: the ones an HTML page names (app.css,
//   embed.css) as NAME-HASH.css; the ones a module loads by name
//   (stylesheet.js: keyboard.css...) under their names.
// - The embed (embed/stickertext.js), one classic script with the text model's
//   catalog and scanner in it, under its own name (other sites name it); the
//   embedding demo's script (embed.js) as embed-HASH.js, and the API page's
//   (api-doc.js) as api-doc-HASH.js.
// - index.html, embed.html and api.html, their references to the files above written
//   with the built names and their comments left out, index.html's indentation too
//   (the sources' notes and layout: the start's bytes are budgeted, test_start.py;
//   the other pages have <pre> blocks); sw.js, minified, with the list of its offline copy
//   (every file of the page with the hash of its content) and the version those make.
// - Beside every built file its source map (NAME.map, the sources in it) and
//   its gzip (NAME.gz, level 9, which nginx's gzip_static sends as it is).
// - Everything else of public/ (the packs, openapi.yaml) is linked, not copied.
//
// The site is written to .build/site-VERSION/ and .build/site is turned to it
// in one rename: nginx never serves half a build. A build is a function of
// the sources: built twice, the same bytes, and the same names.
//
// usage: node tools/build-page.mjs [--root DIR] [--check]
//   --root DIR  the checkout whose public/ is built into its .build/site (this one's)
//   --check     writes nothing; exits 1 and names what differs in .build/site
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = join(dirname(fileURLToPath(import.meta.url)), '..');

/** esbuild's JS API as Debian installs it (/usr/lib/<triplet>/nodejs/esbuild), or from node's own paths. */
function loadEsbuild() {
  const require = createRequire(import.meta.url);
  const candidates = ['esbuild', '/usr/share/nodejs/esbuild'];
  for (const dir of existsSync('/usr/lib') ? readdirSync('/usr/lib') : [])
    candidates.push(join('/usr/lib', dir, 'nodejs', 'esbuild'));
  // Debian's JS API finds the binary by this variable (its npm way looks for a package Debian does not have).
  if (!process.env.ESBUILD_BINARY_PATH && existsSync('/usr/bin/esbuild'))
    process.env.ESBUILD_BINARY_PATH = '/usr/bin/esbuild';
  for (const candidate of candidates) {
    try {
      return require(candidate);
    } catch {}
  }
  throw new Error("esbuild is not installed: scripts/install-deps.sh installs Debian's esbuild package");
}
const esbuild = loadEsbuild();

// What is built from public/ (the rest is linked).
const START_ENTRY = 'js/start/main.js'; // the page's start: index.html names it
const EMBED = 'embed/stickertext.js'; // other sites name it: no hash
const PAGES = ['index.html', 'embed.html', 'api.html'];
const SERVICE_WORKER = 'sw.js';
// The page's offline copy: the documents and every stylesheet and module (the late ones
// too), and the icon; not the embedding demo's own files.
const COPY_EXTRA = ['stickers/weibo/smile.png'];
const PRECACHE_BEGIN = '// The offline copy: tools/build-page.mjs writes what follows, up to its end line.';
const PRECACHE_END = '// End of the offline copy.';

const posix = (path) => path.split(sep).join('/');
const revision = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** A file of the site: path under the site, bytes. */
const file = (path, contents) => ({ path, contents: Buffer.from(contents) });

/** Every file esbuild wrote, as site files (`outbase` is the folder `site` stands for). */
const siteFiles = (result, site) => result.outputFiles.map((o) => file(posix(relative(site, o.path)), o.contents));

/** Refuses an import of anything but the page's own files (a CDN, a package): the page loads only its own. */
const ownFilesOnly = {
  name: 'own-files-only',
  setup(build) {
    build.onResolve({ filter: /^[^.]/ }, (args) =>
      args.kind === 'entry-point'
        ? undefined
        : { errors: [{ text: `'${args.path}' is not one of the page's files: the page loads only its own files` }] },
    );
  },
};

/** The modules the start needs before it runs: main.js and what it imports statically, however deep. */
export async function startModules(root = HERE) {
  const probe = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [`public/${START_ENTRY}`],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    outdir: join(root, '.build', 'probe'),
    logLevel: 'silent',
    plugins: [
      ownFilesOnly,
      {
        name: 'late-modules-apart',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  return Object.keys(probe.metafile.inputs).map((path) => resolve(root, path));
}

/**
 * What each of the page's modules imports, as esbuild reads them (static and dynamic imports alike):
 * {module: [imported, ...]}, each a path under public/js/. Tests/js/module-layers.test.mjs checks it.
 */
export async function moduleImports(root = HERE) {
  const js = join(root, 'public', 'js');
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
    );
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: walk(js),
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    metafile: true,
    outdir: join(root, '.build', 'probe'),
    logLevel: 'silent',
    plugins: [ownFilesOnly],
  });
  const underJS = (path) => posix(relative(js, resolve(root, path)));
  return Object.fromEntries(
    Object.entries(result.metafile.inputs).map(([path, input]) => [
      underJS(path),
      input.imports.map((i) => underJS(i.path)),
    ]),
  );
}

/** The start bundle and the chunks loaded later: {files, start (its site path), startInputs}. */
async function buildModules(root, site) {
  const main = join(root, 'public', START_ENTRY);
  const start = new Set(await startModules(root));
  const options = {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: 'linked',
    charset: 'utf8',
    legalComments: 'none',
    outdir: join(site, 'js'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    write: false,
    metafile: true,
    logLevel: 'silent',
  };
  const lateImportsStart = {
    name: 'late-modules-import-the-start',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (start.has(args.path)) return undefined;
        const specifier = posix(relative(dirname(args.path), main));
        const source = readFileSync(args.path, 'utf8');
        return {
          contents: `${source}\nimport ${JSON.stringify(specifier.startsWith('.') ? specifier : `./${specifier}`)};\n`,
        };
      });
    },
  };
  // The modules loaded later are entries too, so that their files are named after them (keyboard-HASH.js).
  const first = await esbuild.build({ ...options, entryPoints: [main], plugins: [ownFilesOnly, lateImportsStart] });
  const late = Object.values(first.metafile.outputs)
    .map((output) => output.entryPoint)
    .filter((entry) => entry && resolve(root, entry) !== main);
  const result = await esbuild.build({
    ...options,
    entryPoints: [main, ...late.map((entry) => resolve(root, entry))],
    plugins: [ownFilesOnly, lateImportsStart],
  });

  const outputs = Object.entries(result.metafile.outputs).map(([path, output]) => ({
    ...output,
    path: posix(relative(site, resolve(root, path))),
  }));
  const holding = outputs.filter(
    (o) => !o.path.endsWith('.map') && Object.keys(o.inputs).includes(posix(relative(root, main))),
  );
  if (holding.length !== 1) throw new Error(`main.js is in ${holding.length} files of the build`);
  const [chunk] = holding;
  const startInputs = Object.keys(chunk.inputs).map((path) => resolve(root, path));
  const missing = [...start].filter((path) => !startInputs.includes(path));
  if (missing.length || chunk.imports.some((i) => i.kind === 'import-statement'))
    throw new Error(`the start is not one file: ${missing.map((p) => relative(root, p)).join(', ')} outside it`);
  // main.js's own entry file holds only an import of the start's chunk: no file imports it.
  const entry = outputs.find((o) => o.entryPoint && resolve(root, o.entryPoint) === main);
  if (outputs.some((o) => o.imports.some((i) => posix(relative(site, resolve(root, i.path))) === entry.path)))
    throw new Error("a chunk imports main.js's entry file");
  // The start's chunk is named start-HASH.js: "chunk" and "start" have as many letters, so no
  // offset of a source map moves.
  const chunkName = chunk.path.slice('js/'.length);
  const startName = chunkName.replace(/^chunk-/, 'start-');
  const rename = (text) => text.split(chunkName).join(startName);
  const files = siteFiles(result, site)
    .filter((f) => f.path !== entry.path && f.path !== `${entry.path}.map`)
    .map((f) => file(rename(f.path), rename(f.contents.toString('utf8'))));
  return { files, start: `js/${startName}`, startInputs };
}

/** The stylesheets: those the pages name, hashed; those modules load by name, as named. */
async function buildStylesheets(root, site, named) {
  const all = readdirSync(join(root, 'public'))
    .filter((name) => name.endsWith('.css'))
    .sort();
  const options = {
    absWorkingDir: root,
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    charset: 'utf8',
    outdir: site,
    write: false,
    logLevel: 'silent',
  };
  const files = [];
  const hashed = all.filter((name) => named.has(name));
  const plain = all.filter((name) => !named.has(name));
  for (const [names, entryNames] of [
    [hashed, '[name]-[hash]'],
    [plain, '[name]'],
  ]) {
    if (!names.length) continue;
    const entryPoints = names.map((name) => `public/${name}`);
    files.push(...siteFiles(await esbuild.build({ ...options, entryPoints, entryNames }), site));
  }
  return files;
}

/** A classic script (an IIFE), bundled with what it imports. */
async function buildScript(root, site, source, outName) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [`public/${source}`],
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: 'linked',
    charset: 'utf8',
    legalComments: 'none',
    banner: { js: '"use strict";' }, // as the sources are (a module is strict; a classic script is not)
    outdir: join(site, dirname(source)),
    entryNames: outName,
    write: false,
    logLevel: 'silent',
    plugins: [ownFilesOnly],
  });
  return siteFiles(result, site);
}

/** The local references (href, src) of an HTML page. */
const referencesOf = (html) => [...html.matchAll(/\b(?:href|src)="([^"#?:]+)"/g)].map((m) => m[1]);

/** `html` with each reference that `built` maps written as its built name, and no comments. */
const withBuiltNames = (html, built) =>
  html
    .replace(/<!--[\s\S]*?-->\n?/g, '')
    .replace(/\b(href|src)="([^"#?:]+)"/g, (all, attribute, path) =>
      built.has(path) ? `${attribute}="${built.get(path)}"` : all,
    );

/** Replaces what lies between two marker lines of `text` (each kept) with `lines`. */
function between(text, begin, end, lines, name) {
  const from = text.indexOf(begin),
    to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${name}: the marker lines are missing ("${begin}" ... "${end}")`);
  return `${text.slice(0, from + begin.length)}\n${lines.map((l) => `${l}\n`).join('')}${text.slice(to)}`;
}

/** sw.js with the offline copy (each file with its revision, and the version they make), minified. */
async function serviceWorker(root, site, files) {
  const byPath = new Map(files.map((f) => [f.path, f.contents]));
  const copied = [
    'index.html',
    ...COPY_EXTRA,
    ...[...byPath.keys()].filter((p) => /^[^/]+\.css$/.test(p) || /^js\/[^/]+\.js$/.test(p)).sort(),
  ];
  const entries = copied.map((path) => {
    const bytes = byPath.get(path) ?? readFileSync(join(root, 'public', path));
    return [`/${path}`, revision(bytes)];
  });
  const version = revision(entries.map(([url, rev]) => `${url} ${rev}`).join('\n'));
  const source = readFileSync(join(root, 'public', SERVICE_WORKER), 'utf8');
  const text = between(
    source,
    PRECACHE_BEGIN,
    PRECACHE_END,
    [
      `const VERSION = '${version}';`,
      'const PRECACHE = [',
      ...entries.map(([url, rev]) => `  ['${url}', '${rev}'],`),
      '];',
    ],
    SERVICE_WORKER,
  );
  const result = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: text, sourcefile: `public/${SERVICE_WORKER}`, resolveDir: join(root, 'public') },
    minify: true,
    sourcemap: 'linked',
    charset: 'utf8',
    outfile: join(site, SERVICE_WORKER),
    write: false,
    logLevel: 'silent',
  });
  return siteFiles(result, site);
}

/**
 * The site built from `root`'s public/, in memory: {files: [{path, contents}], links: [{path, target}],
 * start, startInputs, version}. `links` are public/'s entries served as they are.
 */
export async function buildSite(root = HERE) {
  const publicDir = join(root, 'public');
  const site = join(root, '.build', 'site'); // the paths the source maps are written from
  const pages = PAGES.map((name) => [name, readFileSync(join(publicDir, name), 'utf8')]);
  const named = new Set(pages.flatMap(([, html]) => referencesOf(html)));
  for (const required of [START_ENTRY, 'app.css'])
    if (!referencesOf(pages[0][1]).includes(required)) throw new Error(`index.html does not name ${required}`);

  const modules = await buildModules(root, site);
  const built = [
    ...modules.files,
    ...(await buildStylesheets(root, site, named)),
    ...(await buildScript(root, site, EMBED, 'stickertext')),
    ...(await buildScript(root, site, 'embed.js', 'embed-[hash]')),
    ...(await buildScript(root, site, 'api-doc.js', 'api-doc-[hash]')),
  ];
  // A source's built name: its own, or the hashed one.
  const builtName = new Map([[START_ENTRY, modules.start]]);
  for (const f of built) {
    const hashed = /^(.*)-[A-Z0-9]{8}(\.(?:css|js))$/.exec(f.path);
    if (hashed && !f.path.startsWith('js/')) builtName.set(hashed[1] + hashed[2], f.path);
  }
  // The start's document without its lines' indentation (no <pre> in it): a line break is white space as they were.
  const served = (name, html) => (name === 'index.html' ? html.replace(/\n[ \t]+/g, '\n') : html);
  const files = [...built, ...pages.map(([name, html]) => file(name, withBuiltNames(served(name, html), builtName)))];
  files.push(...(await serviceWorker(root, site, files)));
  const gzipped = files.filter((f) => !f.path.endsWith('.map'));
  for (const f of gzipped) files.push(file(`${f.path}.gz`, gzipSync(f.contents, { level: 9 })));

  // Every other entry of public/ is served as it is, linked.
  const builtSources = new Set([...PAGES, SERVICE_WORKER, 'js', 'embed', 'embed.js', 'api-doc.js']);
  const links = readdirSync(publicDir)
    .filter((name) => !builtSources.has(name) && !name.endsWith('.css'))
    .sort()
    .map((name) => ({ path: name, target: posix(relative(site, join(publicDir, name))) }));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const version = revision(
    [...files.map((f) => `${f.path} ${revision(f.contents)}`), ...links.map((l) => `${l.path} -> ${l.target}`)].join(
      '\n',
    ),
  );
  return { files, links, start: modules.start, startInputs: modules.startInputs, version };
}

/** The differences between a built site and the folder `dir`: a list of what is stale. */
export function staleIn(dir, { files, links }) {
  const stale = [];
  if (!existsSync(dir)) return [`${dir} does not exist`];
  const expected = new Set();
  for (const f of files) {
    expected.add(f.path);
    const path = join(dir, f.path);
    if (!existsSync(path) || !readFileSync(path).equals(f.contents)) stale.push(f.path);
  }
  for (const l of links) {
    expected.add(l.path);
    const path = join(dir, l.path);
    if (!existsSync(path) || !lstatSync(path).isSymbolicLink() || readlinkSync(path) !== l.target) stale.push(l.path);
  }
  const walk = (sub) =>
    readdirSync(join(dir, sub)).flatMap((name) => {
      const path = sub ? `${sub}/${name}` : name;
      const stat = lstatSync(join(dir, path));
      return stat.isDirectory() ? walk(path) : [path];
    });
  for (const path of walk('')) if (!expected.has(path)) stale.push(`${path} (not built from public/)`);
  return stale;
}

/** Writes the site to ROOT/.build/site-VERSION and points ROOT/.build/site at it; older builds are removed. */
export function writeSite(root, built) {
  const buildDir = join(root, '.build');
  const name = `site-${built.version}`;
  const dir = join(buildDir, name);
  if (!existsSync(dir)) {
    const temporary = `${dir}.tmp-${process.pid}`;
    rmSync(temporary, { recursive: true, force: true });
    for (const f of built.files) {
      mkdirSync(dirname(join(temporary, f.path)), { recursive: true });
      writeFileSync(join(temporary, f.path), f.contents);
    }
    // The links' targets are written from .build/site, one level above the version's folder: the same depth.
    for (const l of built.links) symlinkSync(l.target, join(temporary, l.path));
    try {
      renameSync(temporary, dir);
    } catch (error) {
      // Another build of the same sources landed first (the test runs of three engines start at once): the
      // version is the hash of what is built, so its files are these.
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || !existsSync(dir)) throw error;
      rmSync(temporary, { recursive: true, force: true });
    }
  }
  const link = join(buildDir, 'site');
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) rmSync(link, { recursive: true, force: true });
  const next = `${link}.tmp-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(name, next);
  renameSync(next, link);
  for (const old of readdirSync(buildDir))
    if (/^site-[0-9a-f]{16}$/.test(old) && old !== name) rmSync(join(buildDir, old), { recursive: true, force: true });
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--root');
  const root = at >= 0 ? resolve(args[at + 1]) : HERE;
  try {
    const built = await buildSite(root);
    const site = join(root, '.build', 'site');
    if (args.includes('--check')) {
      const stale = existsSync(site) && statSync(site).isDirectory() ? staleIn(site, built) : [`${site} is not built`];
      for (const path of stale) console.error(`.build/site/${path} is not what tools/build-page.mjs builds: run it`);
      process.exit(stale.length ? 1 : 0);
    }
    writeSite(root, built);
  } catch (error) {
    console.error(`tools/build-page.mjs: ${error.errors?.map((e) => e.text).join('; ') || error.message}`);
    process.exit(1);
  }
}

// Owns: what the JS tests share: the default packs as the model's catalog
// (read from public/stickers/*/pack.json in the catalog's order, by `order`
// then id, as the Swift core loads them), the corpus files, and the path of
// the Swift CLI for the differential test.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog } from '../../public/js/model/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The packs document the model is built from, as GET /api/packs gives it (tags and aliases are what matter). */
export function packsDocument() {
  const dir = join(ROOT, 'public', 'stickers');
  const packs = readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'pack.json')))
    .map((d) => JSON.parse(readFileSync(join(dir, d, 'pack.json'), 'utf8')))
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { packs };
}

export const catalog = new Catalog(packsDocument());

/** Every corpus file: `[{file, edit?, count?, render?}]`, sorted by name. */
export function corpus() {
  const dir = join(ROOT, 'Tests', 'conformance');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(join(dir, file), 'utf8')) }));
}

/** The Swift CLI the differential test runs (make test passes the debug build). */
export const cliPath = process.env.STICKERTEXT_CLI ?? join(ROOT, '.build', 'debug', 'stickertext');

/** This process's CPU time for `work()`, the best of `rounds` runs, in ms: the time other processes
 *  take on a shared machine is not counted, so ratios of two sizes measured so are steady. */
export function bestCpuMs(work, rounds = 5) {
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const start = process.cpuUsage();
    work();
    const { user, system } = process.cpuUsage(start);
    best = Math.min(best, (user + system) / 1000);
  }
  return best;
}

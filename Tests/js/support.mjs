// Owns: what the JS tests share: the default packs as the model's catalog
// (read from public/stickers/*/pack.json in the catalog's order, by `order`
// then id, as the Swift core loads them), the corpus files, and the Swift CLI
// for the differential tests: its path, and the answers the model and the CLI
// give the same requests.
import { spawnSync } from 'node:child_process';
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

/** The JS model's answer to `request` (`fn`: edit or count) as the CLI writes it: the response, or `{"error": {"code"}}`. */
export function modelAnswer(fn, request) {
  try {
    return fn(request, catalog);
  } catch (error) {
    if (!error.code) throw error;
    return { error: { code: error.code } };
  }
}

/** The Swift core's answers (`stickertext KIND --jsonl`), one per request, in order; throws where the CLI fails. */
export function swiftAnswers(kind, requests) {
  const run = spawnSync(cliPath, [kind, '--jsonl'], {
    input: `${requests.map((r) => JSON.stringify(r)).join('\n')}\n`,
    maxBuffer: 1 << 30,
  });
  const lines = run.stdout.toString('utf8').split('\n');
  lines.pop();
  if (run.status !== 0 || lines.length !== requests.length)
    throw new Error(
      `${cliPath} ${kind} --jsonl: exit ${run.status}, ${lines.length} answers of ${requests.length}: ${run.stderr}`,
    );
  return lines.map((line) => JSON.parse(line));
}

/**
 * The lowest CPU time in ms (process.cpuUsage) of `rounds` calls of each of
 * `fns`, called in turn: cost tests judge a path by how its time grows with
 * its input (8 times the input in under 16 times the time: 8-12 times for a
 * linear path, whose larger input leaves the caches and keeps the collector
 * busier; 64 for a quadratic one), never by an absolute time, which a loaded
 * machine fails. The lowest of 9: of 5, a full suite's run saw 16.4x and
 * 19.0x for paths 8-13x alone (the collector in every round of the larger).
 */
export function lowestCPU(fns, rounds = 9) {
  const best = fns.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, k) => {
      const start = process.cpuUsage();
      fn();
      const { user, system } = process.cpuUsage(start);
      best[k] = Math.min(best[k], (user + system) / 1000);
    });
  }
  return best;
}

/** Asserts `large` (8 times the input of `small`) took under 16 times as long; `what` names them. */
export function assertLinear([small, large], what) {
  if (!(large < 16 * Math.max(small, 0.5))) {
    throw new Error(
      `${what}: ${small.toFixed(2)} ms, 8 times the input ${large.toFixed(2)} ms (${(large / small).toFixed(1)}x)`,
    );
  }
}

/** This process's CPU time for `work()`, the best of `rounds` runs, in ms (`lowestCPU` of one). */
export function bestCpuMs(work, rounds = 5) {
  return lowestCPU([work], rounds)[0];
}

// The table of docs/benchmarks.md from a run of bench-worst.mjs
// (bench-out/worst/results.json): per implementation and shape family, the
// worst growth for 8x the size as judged (by instructions where they decided,
// else by CPU time, at the pair judged), the worst cost per byte against
// mixed text, and the cases failing a target.
//
// usage: node Benchmarks/worst/family-table.mjs [results.json]
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHAPES } from './shapes.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const file = process.argv[2] ?? join(ROOT, 'bench-out', 'worst', 'results.json');
const { cases } = JSON.parse(readFileSync(file, 'utf8'));
const familyOf = new Map(SHAPES.map((s) => [s.name, s.family]));
const size = (b) => (b >= 1024 ? `${b / 1024}K` : `${b}B`);

const groups = new Map();
for (const c of cases) {
  const key = `${c.impl}|${familyOf.get(c.shape) ?? '?'}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(c);
}
const judged = (c) => (c.instructions
  ? { growth: c.instructions.growth ?? Infinity, pair: c.instructions.pair, by: 'instructions' }
  : { growth: c.growth, pair: c.pair, by: 'time' });
console.log('| impl | family | shapes | cases | worst growth (8x size) | worst cost per byte vs mixed | failing |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [key, rows] of [...groups].sort()) {
  const [impl, family] = key.split('|');
  const grown = rows.filter((c) => c.growth !== null).map((c) => ({ c, ...judged(c) }));
  const g = grown.reduce((a, b) => (b.growth > a.growth ? b : a), grown[0]);
  const weighed = rows.filter((c) => c.perByte !== null);
  const w = weighed.reduce((a, b) => (b.perByte > a.perByte ? b : a), weighed[0]);
  const failing = rows.filter((c) => c.growthFail || c.perByteFail).length;
  const growth = g ? `${g.growth.toFixed(1)}x (${g.c.shape}, ${g.c.op} ${g.c.combo}, ${size(g.pair[0])}>${size(g.pair[1])}${g.by === 'instructions' ? ', instructions' : ''})` : '-';
  const perByte = w ? `${w.perByte.toFixed(1)}x (${w.shape}, ${w.op} ${w.combo}, ${size(w.perByteAt)})` : '-';
  console.log(`| ${impl} | ${family} | ${new Set(rows.map((c) => c.shape)).size} | ${rows.length} | ${growth} | ${perByte} | ${failing} |`);
}

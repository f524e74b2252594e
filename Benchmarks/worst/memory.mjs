// make bench-worst's memory target for the JS model (issue 44): each case's
// request at one size through js-runner.mjs --memory, its peak heap growth
// (V8's used heap and what typed arrays hold outside it, the highest before
// any collection during the request), less what the answer itself holds (a
// count lists every sticker, ~90 bytes of objects each: the API's size, not
// a transient copy), held to at most 20x the request body. Both are shown.
//
// usage: node Benchmarks/worst/memory.mjs
//   WORST_SHAPES, WORST_OPS, WORST_WIDE   as bench-worst.mjs takes them
//   WORST_OUT          the folder of memory.txt (default bench-out/worst)
//   WORST_MEMORY_SIZE  the body size in bytes (default 512 KiB: the heap is
//                      read to about 1 MB, 5% of the target there)
// Writes bench-out/worst/memory.txt; exits 1 where a case is over the target.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cases, SHAPES, WIDENED, BETWEEN_STICKERS, warmups } from './shapes.mjs';
import { runJSMemory } from './runner.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = process.env.WORST_OUT ?? join(ROOT, 'bench-out', 'worst');
const TARGET = 20;
const SIZE = Number(process.env.WORST_MEMORY_SIZE ?? 512 * 1024);
/** Requests per child: a child's heap is collected before each, so they do not add up. */
const SLICE = 200;

const filter = process.env.WORST_SHAPES ? new RegExp(process.env.WORST_SHAPES) : null;
const opFilter = process.env.WORST_OPS ? new RegExp(process.env.WORST_OPS) : null;
const shapes = [...SHAPES, ...(process.env.WORST_WIDE === '0' ? [] : WIDENED)].filter(
  (s) => s.kind === 'text' && (!filter || filter.test(s.name)),
);
// With the rows of text cut into short runs by stickers (the guard's too):
// a paste of them into an empty field came to 19.9x, where no shape here did.
// Each named by its request's op (an edit's own: paste, insert), so WORST_OPS chooses among them.
const dense = BETWEEN_STICKERS.map((row, i) => ({
  shape: `between-stickers-${i + 1}`,
  op: row.kind === 'edit' ? JSON.parse(row.body(64)).op : row.kind,
  combo: 'n/a',
  kind: row.kind,
  body: row.body,
}));
const all = [...cases(shapes), ...(filter ? [] : dense)].filter((c) => !opFilter || opFilter.test(`${c.op}/${c.combo}`));
const warm = warmups();

const rows = [];
for (let at = 0; at < all.length; at += SLICE) {
  const part = all.slice(at, at + SLICE);
  const items = part.map((c) => ({ kind: c.kind, body: c.body(SIZE), cap: 120_000, key: `${c.shape}/${c.op}/${c.combo}` }));
  const results = await runJSMemory(items, warm);
  part.forEach((c, i) => {
    const bytes = Buffer.byteLength(items[i].body);
    const { heap, answer, error, timeout } = results[i];
    rows.push({ c, bytes, heap, answer, error, timeout, ratio: (heap - answer) / bytes, peak: heap / bytes });
  });
  console.error(`memory: ${Math.min(at + SLICE, all.length)} of ${all.length}`);
}

const mb = (n) => (n / 1e6).toFixed(1);
const lines = [`memory: ${all.length} cases, JS model, bodies of ${SIZE / 1024} KiB; peak heap growth per request (MB), what the answer holds, the peak per body byte, and the peak less the answer per body byte (target <= ${TARGET}x)`];
rows.sort((a, b) => (b.ratio || 0) - (a.ratio || 0));
for (const r of rows) {
  const flag = r.timeout ? 'cap' : r.ratio > TARGET ? 'OVER' : 'ok';
  lines.push(`${r.c.shape.padEnd(34)}${r.c.op.padEnd(20)}${r.c.combo.padEnd(15)}${mb(r.heap ?? NaN).padStart(8)} MB${mb(r.answer ?? NaN).padStart(7)} MB answer${(r.peak ?? NaN).toFixed(1).padStart(7)}x${(r.ratio ?? NaN).toFixed(1).padStart(7)}x  ${flag}${r.error ? `  ${r.error}` : ''}`);
}
const over = rows.filter((r) => r.timeout || !(r.ratio <= TARGET));
lines.push(`${over.length} cases over ${TARGET}x the body (or stopped); the highest ${rows[0] ? `${rows[0].ratio.toFixed(1)}x (${rows[0].c.shape} ${rows[0].c.op} ${rows[0].c.combo})` : '-'}`);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'memory.txt'), `${lines.join('\n')}\n`);
console.log(lines.slice(0, 30).join('\n'));
console.log(lines.at(-1));
process.exit(over.length ? 1 : 0);

// Issue 44's three rows (text cut into short runs by stickers: `shapes.mjs`
// BETWEEN_STICKERS) through the JS model at the two sizes, 125 KB and
// 1 MB, growth for 8x the size, by four yardsticks side by side in one run:
//
//   single    CPU time of one request, the lowest of ROUNDS, the two sizes in
//             turn in one process (js-runner.mjs: parse, model, JSON of the
//             answer). The lowest small request is one that met no collection:
//             the garbage it left is collected during a later one.
//   run       CPU time a request over a run of them back to back (64 at 125 KB,
//             8 at 1 MB: the same bytes), the median of ROUNDS runs: each
//             request pays for the collections its garbage causes.
//   model     the same runs without the JSON of the answer (js-runner.mjs
//             --model-only): the model's part, which is what the page runs (it
//             never writes a count as JSON; the Swift core's JSON writer is its
//             own code, timed in its search).
//   instr     with --instructions: instructions (callgrind, node --jitless),
//             which neither the caches nor the collector's timing move; slow.
//
// usage: node Benchmarks/worst/between-stickers.mjs [--instructions]
//   ROUNDS   rounds of each (default 7)
// Exits 1 if the model's growth (the run yardstick) is over 10x for a row.
import { BETWEEN_STICKERS, betweenStickersItems, figuresByRow, warmups } from './shapes.mjs';
import { runJS, countInstructionsJS } from './runner.mjs';

const SIZES = [125_000, 1_000_000];
const LIMIT = 10;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const warm = warmups();
const lowest = (xs) => Math.min(...xs);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (results) => results.map((r) => r.ms);

const columns = [];
const single = betweenStickersItems({ sizes: SIZES, rounds: ROUNDS });
columns.push(['single', figuresByRow(single, ms(await runJS(single, warm)), SIZES, lowest), 'ms']);
const run = betweenStickersItems({ sizes: SIZES, rounds: ROUNDS, copies: 8 });
columns.push(['run', figuresByRow(run, ms(await runJS(run, warm)), SIZES, median), 'ms']);
const model = figuresByRow(run, ms(await runJS(run, warm, { modelOnly: true })), SIZES, median);
columns.push(['model', model, 'ms']);
if (process.argv.includes('--instructions')) {
  const items = betweenStickersItems({ sizes: SIZES, rounds: 1 });
  const counts = await countInstructionsJS(items, warm);
  columns.push(['instr', figuresByRow(items, counts.map((c) => (c === null ? null : c / 1e6)), SIZES, lowest), 'M']);
}

const lines = [`the issue's three rows, JS model, ${SIZES[0] / 1000} KB -> ${SIZES[1] / 1e6} MB (growth for 8x; target <= ${LIMIT}x)`];
BETWEEN_STICKERS.forEach((row, r) => {
  lines.push(`  ${row.name}`);
  for (const [name, figures, unit] of columns) {
    const [small, large] = figures[r];
    lines.push(`    ${name.padEnd(7)}${small.toFixed(1).padStart(9)} ${unit} ->${large.toFixed(1).padStart(9)} ${unit}  ${(large / small).toFixed(2)}x`);
  }
});
const over = BETWEEN_STICKERS.filter((_, r) => !(model[r][1] / model[r][0] <= LIMIT));
lines.push(`${over.length} rows over ${LIMIT}x by the model's time`);
console.log(lines.join('\n'));
process.exit(over.length ? 1 : 0);

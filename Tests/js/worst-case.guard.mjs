// The worst-case guard of make test: every shape of the worst-case search
// (Benchmarks/worst/shapes.mjs) at 256 KB costs at most 20x what mixed chat
// text of the same size costs through the same op, count mode and limit, in
// Swift (the core's JSON API through Benchmarks/WorstCaseRunner, release
// build, WORST_RUNNER; make test builds it) and in the JS model (node).
//
// Judged by a ratio measured in the same process, never by an absolute time:
// a loaded machine slows a shape and its yardstick alike (a limit of 1 s of
// CPU failed three linear JS shapes in a CI run beside other work, and passed
// on a quiet machine). The limit is twice the search's cost-per-byte target
// (make bench-worst holds every case to 10x at 64 KiB): at 256 KB linear
// shapes come to 9.4x (Swift, a chain of IDN labels rendered) and 8.5x (JS,
// a run of emoji deleted in the middle), where a blow-up is hundreds of times
// over. Each group of shapes first times its yardsticks (mixed text, twice
// each, the lower kept); a request over the ratio is measured again, side by
// side with its yardstick, CONFIRM times each with enough copies for a few ms
// of work, and fails only if the lower figures are over it too. A request's
// cap (the runner stops it there) is CAP_FACTOR times the ratio over its
// yardstick.
//
// Text shapes run the ops whose paths differ: count and render, the shape
// pasted into an empty field under a weighted and a gb18030 limit, an insert,
// a delete, a cut and a grapheme selection in its middle, and moveCaret over
// all of it both ways. Request-body shapes (numbers, nesting) run in each of
// their fields at 256 KB and at the 1 MiB body limit: a body is read whole
// before anything else, so its cost is only ever the parser's.
//
// The JS model's memory too: the cases make bench-worst's memory search found
// nearest its target (a request's peak heap growth, less what its answer
// holds, at most 20x its body; a count of bytes, not a time) at 512 KiB.
//
// Not named *.test.mjs: `node --test Tests/js/` leaves it out; make test runs
// it on its own line once the release runner is built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  SHAPES,
  WIDENED,
  MIXED,
  BETWEEN_STICKERS,
  betweenStickersItems,
  figuresByRow,
  cases,
  largestBody,
  warmups,
} from '../../Benchmarks/worst/shapes.mjs';
import { runSwift, runJS, runJSMemory, countInstructionsSwift } from '../../Benchmarks/worst/runner.mjs';
import { ROOT } from './support.mjs';

const RUNNER = process.env.WORST_RUNNER ?? join(ROOT, '.build', 'release', 'WorstCaseRunner');
const SIZE = 256 * 1024;
/** A shape at most this many times mixed text's time: twice the search's cost-per-byte target. */
const RATIO = 20;
/** A request is stopped at this many times RATIO over its yardstick (at least CAP_FLOOR_MS). */
const CAP_FACTOR = 3;
const CAP_FLOOR_MS = 200;
/** Measurements of a request over RATIO and of its yardstick, side by side. */
const CONFIRM = 3;
/** Copies per measurement in a confirmation: enough for this much of the yardstick's work. */
const CONFIRM_MS = 20;
const TEXT_OPS = new Set([
  'count/280-weighted',
  'render/n/a',
  'paste-of/280-weighted',
  'paste-of/280-gb18030',
  'insert@mid/none',
  'deleteBackward@mid/none',
  'cut@mid/none',
  'select-grapheme/none',
  'moveCaret-forward/none',
  'moveCaret-back/none',
]);

const yardsticks = cases([MIXED]);
/** Mixed text's case that a case is judged against, at `size`: {kind, body, key}. */
function yardstickOf(c, size) {
  const y = yardsticks.find((m) => m.op === c.yardstick[0] && m.combo === c.yardstick[1]);
  return { kind: y.kind, key: `${y.op} ${y.combo} @${size}`, body: () => y.body(size) };
}

/** The guard's requests for some shapes: {shape, what, kind, body, yard}. */
function requests(shapes) {
  const chosen = [];
  const add = (c, what, size) => chosen.push({ ...c, what, body: c.body(size), yard: yardstickOf(c, size) });
  for (const c of cases(shapes)) {
    const opCombo = `${c.op}/${c.combo}`;
    if (c.family === 'json') {
      add(c, `${c.op} at 256 KB`, SIZE);
      add(c, `${c.op} at the body limit`, largestBody(c));
    } else if (TEXT_OPS.has(opCombo)) {
      add(c, `${c.op} ${c.combo}`, SIZE);
    }
  }
  return chosen;
}

/**
 * Judges every shape, a dozen at a time (their bodies add up). Returns
 * {failures: ["shape: what (ratio)"], worst: the highest ratio judged,
 * requests, seconds}.
 */
async function guard(run) {
  const started = performance.now();
  const failures = [];
  let worst = { ratio: 0 },
    count = 0;
  for (let at = 0; at < SHAPES.length; at += 12) {
    const shapes = SHAPES.slice(at, at + 12).filter((s) => s !== MIXED);
    const judged = await guardShapes(run, shapes);
    count += judged.length;
    for (const j of judged) {
      if (j.ratio > worst.ratio) worst = j;
      if (j.fail) failures.push(`${j.r.shape}: ${j.r.what} (${j.shown})`);
    }
  }
  return { failures, worst, count, seconds: (performance.now() - started) / 1000 };
}

const ratioOf = (res, yardMs, cap) => (res.timeout || res.skipped ? cap / yardMs : res.ms / yardMs);

async function guardShapes(run, shapes) {
  const chosen = requests(shapes);
  // The yardsticks, twice each (the lower kept), in one process.
  const yards = [...new Map(chosen.map((r) => [r.yard.key, r.yard])).values()];
  const yardItems = [...yards, ...yards].map((y) => ({ kind: y.kind, body: y.body(), cap: 60_000, key: y.key }));
  const yardResults = await run(yardItems);
  const yardMs = new Map();
  yardItems.forEach((item, i) => {
    const ms = yardResults[i].ms;
    assert.ok(ms !== undefined, `mixed text's ${item.key} did not answer`);
    yardMs.set(item.key, Math.min(yardMs.get(item.key) ?? Infinity, Math.max(ms, 0.01)));
  });
  const capOf = (r) => Math.max(CAP_FLOOR_MS, CAP_FACTOR * RATIO * yardMs.get(r.yard.key));

  // Every request once; a shape's requests are keyed apart, so one stopped does not skip the others.
  const items = chosen.map((r, i) => ({ kind: r.kind, body: r.body, cap: capOf(r), key: `${r.shape}/${i}` }));
  const results = await run(items);
  const judged = chosen.map((r, i) => ({ r, ratio: ratioOf(results[i], yardMs.get(r.yard.key), capOf(r)) }));

  // Those over the ratio again, side by side with their yardstick.
  const over = judged.filter((j) => j.ratio > RATIO);
  if (over.length) {
    const again = [];
    for (const j of over) {
      const copies = Math.max(1, Math.min(16, Math.ceil(CONFIRM_MS / yardMs.get(j.r.yard.key))));
      const yardBody = j.r.yard.body();
      for (let k = 0; k < CONFIRM; k++) {
        again.push({
          j,
          yard: true,
          kind: j.r.yard.kind,
          body: yardBody,
          copies,
          cap: 60_000,
          key: `yard/${j.r.shape}/${j.r.what}/${k}`,
        });
        again.push({
          j,
          yard: false,
          kind: j.r.kind,
          body: j.r.body,
          copies,
          cap: capOf(j.r),
          key: `${j.r.shape}/${j.r.what}`,
        });
      }
    }
    const res = await run(again);
    const lowest = new Map();
    again.forEach((item, i) => {
      const m = lowest.get(item.j) ?? { yard: Infinity, mine: Infinity };
      const ms = res[i].timeout || res[i].skipped ? capOf(item.j.r) : res[i].ms;
      if (item.yard) m.yard = Math.min(m.yard, Math.max(ms, 0.01));
      else m.mine = Math.min(m.mine, ms);
      lowest.set(item.j, m);
    });
    for (const j of over) {
      const { yard, mine } = lowest.get(j);
      j.ratio = mine / yard;
      j.confirmed = { yard, mine };
    }
  }
  for (const j of judged) {
    j.fail = j.ratio > RATIO;
    j.shown = `${j.ratio.toFixed(1)}x mixed text's ${j.r.yard.key}${j.confirmed ? `: ${j.confirmed.mine.toFixed(1)} ms against ${j.confirmed.yard.toFixed(1)} ms, the lowest of ${CONFIRM}` : ''}`;
  }
  return judged;
}

const check = async (t, where, run) => {
  const { failures, worst, count, seconds } = await guard(run);
  t.diagnostic(
    `${where}: ${count} requests in ${seconds.toFixed(0)} s; the highest ratio ${worst.shown ?? '-'} (${worst.r?.shape} ${worst.r?.what})`,
  );
  assert.equal(
    failures.length,
    0,
    `${failures.length} requests at 256 KB cost over ${RATIO}x mixed text of the same size (${where}):\n  ${failures.join('\n  ')}`,
  );
};

// Growth, where a ratio to mixed text cannot see a path that grows faster
// than its input: a search over the rest of the text for each run between
// stickers (issue 44) runs at memchr's speed, so at 256 KB the JS count of
// `'中' + '[ok]a'.repeat(k)` cost 2.2x what mixed text did, and 8.9x at
// 1 MiB; but it grew 37x from 64 KiB to 512 KiB and 59x from 128 KiB to
// 1 MiB (the paste 32x and 38x, the insert 27x and 33x). Swift is judged by
// the instructions it runs (callgrind, a count no load or cache moves: its
// CPU time grows 9-15x from 128 KiB to 1 MiB, as the answer's arrays leave
// the caches and fault in pages, while its instructions grow 7.6-8.0x). JS
// by CPU time of the model alone (js-runner.mjs --model-only: what the page
// runs; the answer is not written as JSON, whose writing by V8 grows 10-14x
// here by itself, its collections copying a 16 MB output as it grows), the
// lowest of its rounds, the two sizes in turn in one process: 7.4-8.4x with
// the machine to itself, more on a loaded one, so its limit has a margin.
const GROWTH = {
  swift: { sizes: [64 * 1024, 512 * 1024], limit: 10, rounds: 1 },
  js: { sizes: [128 * 1024, 1024 * 1024], limit: 20, rounds: 5 },
};

/** Each row's cost at two sizes, the lowest of its rounds: `measure(items)` gives a figure per item. */
async function growth(measure, { sizes, rounds }) {
  const items = betweenStickersItems({ sizes, rounds });
  const figures = figuresByRow(items, await measure(items), sizes, (xs) => Math.min(...xs));
  return BETWEEN_STICKERS.map((row, r) => {
    const [small, large] = figures[r];
    return { row, small, large, growth: large / small };
  });
}

const checkGrowth = async (t, where, config, unit, measure) => {
  const rows = await growth(measure, config);
  const [small, large] = config.sizes.map((size) => `${size / 1024} KiB`);
  const shown = (r) =>
    `${r.row.name}: ${r.small.toFixed(1)} ${unit} at ${small}, ${r.large.toFixed(1)} ${unit} at ${large}, ${r.growth.toFixed(1)}x`;
  for (const r of rows) t.diagnostic(`${where}: ${shown(r)}`);
  const failing = rows.filter((r) => !(r.growth <= config.limit));
  assert.equal(
    failing.length,
    0,
    `over ${config.limit}x for 8x the size (${where}):\n  ${failing.map(shown).join('\n  ')}`,
  );
};

test(`Swift (${RUNNER}): every shape at 256 KB costs at most ${RATIO}x mixed text`, async (t) => {
  assert.ok(existsSync(RUNNER), `no runner at ${RUNNER}: swift build -c release --product WorstCaseRunner`);
  const warm = warmups();
  await check(t, 'Swift', (items) => runSwift(RUNNER, items, warm));
});

test(`JS model: every shape at 256 KB costs at most ${RATIO}x mixed text`, async (t) => {
  const warm = warmups();
  await check(t, 'JS', (items) => runJS(items, warm));
});

test(`Swift: text cut into short runs by stickers runs at most ${GROWTH.swift.limit}x the instructions for 8x the size`, async (t) => {
  assert.ok(existsSync(RUNNER), `no runner at ${RUNNER}: swift build -c release --product WorstCaseRunner`);
  const warm = warmups();
  // Two valgrind processes at a time (each count is a process of its own).
  const count = async (items) => {
    const counts = [];
    for (let at = 0; at < items.length; at += 2) {
      counts.push(
        ...(await Promise.all(items.slice(at, at + 2).map((item) => countInstructionsSwift(RUNNER, item, warm)))),
      );
    }
    return counts.map((n) => (n === null ? Infinity : n / 1e6));
  };
  await checkGrowth(t, 'Swift', GROWTH.swift, 'M instructions', count);
});

test(`JS model: text cut into short runs by stickers takes at most ${GROWTH.js.limit}x the time for 8x the size`, async (t) => {
  const warm = warmups();
  const time = async (items) => (await runJS(items, warm, { modelOnly: true })).map((r) => r.ms);
  await checkGrowth(t, 'JS', GROWTH.js, 'ms', time);
});

/** The memory target of the JS model (make bench-worst's memory search,
 *  Benchmarks/worst/memory.mjs): a request's peak heap growth, less what its
 *  answer holds, at most this many times its body. */
const MEMORY_RATIO = 20;
const MEMORY_SIZE = 512 * 1024;
/** The cases the memory search found nearest the target: a paste at the start
 *  of text two bytes a character to V8 (a `中` in front) that may hold URLs
 *  (20.0-20.3x, then 18.7x), a weighted paste of short URLs (the issue's
 *  ~300 MB at 1 MB), and the text cut into short runs by stickers. */
const MEMORY_CASES =
  /^(ab\.~lead|a\.~lead|url-tco-slug~lead|url-long-label~lead|url-domains|url-cctld-chain)\/(paste@start|paste-of)\/(280-graphemes|280-weighted|none-weighted)$/;

test(`JS model: a request's peak heap growth less its answer is at most ${MEMORY_RATIO}x its body`, async (t) => {
  const chosen = cases(WIDENED.concat(SHAPES).filter((s) => s.kind === 'text')).filter((c) =>
    MEMORY_CASES.test(`${c.shape}/${c.op}/${c.combo}`),
  );
  const items = chosen.map((c) => ({
    kind: c.kind,
    body: c.body(MEMORY_SIZE),
    cap: 120_000,
    key: `${c.shape}/${c.op}/${c.combo}`,
  }));
  items.push(
    ...BETWEEN_STICKERS.map((row) => ({ kind: row.kind, body: row.body(MEMORY_SIZE), cap: 120_000, key: row.name })),
  );
  assert.ok(items.length >= 20, `only ${items.length} cases chosen: the shapes were renamed?`);
  const results = await runJSMemory(items, warmups());
  const rows = items.map((item, i) => {
    const { heap, answer, error, timeout } = results[i];
    return {
      key: item.key,
      error: error ?? (timeout ? 'stopped' : null),
      ratio: (heap - answer) / Buffer.byteLength(item.body),
    };
  });
  rows.sort((a, b) => b.ratio - a.ratio);
  const shown = (r) => `${r.key}: ${r.ratio.toFixed(1)}x${r.error ? ` (${r.error})` : ''}`;
  for (const r of rows.slice(0, 5)) t.diagnostic(shown(r));
  const failing = rows.filter((r) => r.error !== null || !(r.ratio <= MEMORY_RATIO));
  assert.equal(failing.length, 0, `over ${MEMORY_RATIO}x the body:\n  ${failing.map(shown).join('\n  ')}`);
});

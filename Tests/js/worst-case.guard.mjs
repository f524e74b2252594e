// The worst-case guard of make test: every shape of the worst-case search
// (Benchmarks/worst/shapes.mjs) at 256 KB answers in under 1 s per request,
// in Swift (the core's JSON API through Benchmarks/WorstCaseRunner, release
// build, WORST_RUNNER; make test builds it) and in the JS model (node). A linear answer at 256 KB takes a few ms in Swift and tens
// of ms in JS, so the margin is wide; the time is CPU time (a loaded machine
// does not inflate it much), and a request over 1 s is run once more, in a
// new process, before it fails. A shape stops at its first request over 1 s.
//
// Text shapes run the ops whose paths differ: count and render, the shape
// pasted into an empty field under a weighted and a gb18030 limit, an insert,
// a delete, a cut and a grapheme selection in its middle, and moveCaret over
// all of it both ways. Request-body shapes (numbers, nesting) run in each of
// their fields at 256 KB and at the 1 MiB body limit: a body is read whole
// before anything else, so its cost is only ever the parser's.
//
// Not named *.test.mjs: `node --test Tests/js/` leaves it out; make test runs
// it on its own line once the release runner is built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SHAPES, cases, largestBody, warmups } from '../../Benchmarks/worst/shapes.mjs';
import { runSwift, runJS } from '../../Benchmarks/worst/runner.mjs';
import { ROOT } from './support.mjs';

const RUNNER = process.env.WORST_RUNNER ?? join(ROOT, '.build', 'release', 'WorstCaseRunner');
const SIZE = 256 * 1024;
const LIMIT_MS = 1000;
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

/** The guard's requests for some shapes: {shape, what, kind, body}. */
function requests(shapes) {
  const chosen = [];
  for (const c of cases(shapes)) {
    if (c.family === 'json') {
      chosen.push({ ...c, what: `${c.op} at 256 KB`, body: c.body(SIZE) });
      chosen.push({ ...c, what: `${c.op} at the body limit`, body: c.body(largestBody(c)) });
    } else if (TEXT_OPS.has(`${c.op}/${c.combo}`)) {
      chosen.push({ ...c, what: `${c.op} ${c.combo}`, body: c.body(SIZE) });
    }
  }
  return chosen;
}

/**
 * Runs every request under the limit; a request over it runs once more (a
 * new process) and fails if it is over again, which stops its shape.
 * Returns the failures: "shape: what (time)".
 */
async function guard(run) {
  const failures = [];
  for (let at = 0; at < SHAPES.length; at += 12) {
    // a dozen shapes at a time: their bodies add up
    failures.push(...(await guardShapes(run, SHAPES.slice(at, at + 12))));
  }
  return failures;
}

async function guardShapes(run, shapes) {
  const failures = [];
  const failed = new Set();
  const tries = new Map();
  let pending = requests(shapes);
  while (pending.length) {
    const items = pending.map((r) => ({ r, kind: r.kind, body: r.body, cap: LIMIT_MS, key: r.shape }));
    const results = await run(items);
    const next = [];
    items.forEach(({ r }, i) => {
      const res = results[i];
      if (failed.has(r.shape)) return;
      if (res.skipped) {
        next.push(r);
        return;
      }
      if (!res.timeout && res.ms < LIMIT_MS) return;
      tries.set(r, (tries.get(r) ?? 0) + 1);
      if (tries.get(r) < 2) {
        next.unshift(r);
        return;
      }
      failed.add(r.shape);
      failures.push(
        `${r.shape}: ${r.what} (${res.timeout ? `over ${LIMIT_MS} ms, stopped` : `${res.ms.toFixed(0)} ms`})`,
      );
    });
    pending = next.filter((r) => !failed.has(r.shape));
  }
  return failures;
}

const message = (failures, where) =>
  `${failures.length} shapes take over ${LIMIT_MS} ms for one request at 256 KB (${where}):\n  ${failures.join('\n  ')}`;

test(`Swift (${RUNNER}): every shape at 256 KB answers in under 1 s`, async () => {
  assert.ok(existsSync(RUNNER), `no runner at ${RUNNER}: swift build -c release --product WorstCaseRunner`);
  const failures = await guard((items) => runSwift(RUNNER, items, warmups()));
  assert.equal(failures.length, 0, message(failures, 'Swift'));
});

test('JS model: every shape at 256 KB answers in under 1 s', async () => {
  const failures = await guard((items) => runJS(items, warmups()));
  assert.equal(failures.length, 0, message(failures, 'JS'));
});

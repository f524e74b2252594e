// Owns: timing requests one case at a time, with a cap per request, in the
// two implementations, each a child process that answers one request per line
// of stdin (`KIND<TAB>JSON body`) and times each answer itself in CPU time:
// Swift through Benchmarks/WorstCaseRunner (the core's JSON API, release
// build), JS through js-runner.mjs (the page's model in node). CPU time is
// the work itself (other load on the machine does not inflate it much), and
// process start-up is never in it.
//
// A request past its cap (CPU time of the child, read from /proc) is stopped:
// the process is killed and a new one goes on with the rest; it is reported
// as `timeout`, and the other repetitions of the same case are skipped.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const BATCH_BYTES = 24 << 20;
const BATCH_ITEMS = 3000;
// Over a request's cap by this much before it is stopped: the cap counts the
// child's CPU from its last answer, so reading the next line and, in JS, the
// heap's collection before a large request count too (JS `a.` cut at 64 KiB
// hit a cap of 40 ms in a full run, where alone it takes 4.6 ms).
const SLACK_MS = 250;

/** CPU time (ms) a process's main thread has run, or undefined once it is gone
 *  (exact for a blocked process; for a running one, as of its last tick). */
function cpuOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * Runs one process on `input`: onLine(index, head) for each line of its
 * stdout (head: its first 200 characters); killed when stuck(cpu) says so.
 */
function drive(command, args, input, { onLine, stuck }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let index = 0, head = '', killed = false, stderr = '';
    child.stdout.on('data', (chunk) => {
      for (let from = 0; from < chunk.length;) {
        const nl = chunk.indexOf(10, from);
        const end = nl === -1 ? chunk.length : nl;
        if (head.length < 200) head += chunk.toString('latin1', from, Math.min(end, from + 200));
        if (nl === -1) break;
        onLine(index++, head);
        head = '';
        from = nl + 1;
      }
    });
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });  // its end: what went wrong last, valgrind's totals
    child.stdin.on('error', () => {});  // EPIPE once killed
    child.on('error', reject);
    const timer = setInterval(() => {
      if (!killed && stuck(cpuOf(child.pid))) {
        killed = true;
        child.kill('SIGKILL');
      }
    }, 5);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ killed, code, stderr, lines: index });
    });
    child.stdin.end(input);
  });
}

/** Splits items (in order) into batches of bounded size, leaving out the keys that timed out. */
function* batches(items, timedOut) {
  let batch = [], size = 0;
  for (const item of items) {
    if (timedOut.has(item.key)) continue;
    batch.push(item);
    size += item.body.length * ((item.copies ?? 1) + (item.warm ?? 0));
    if (size > BATCH_BYTES || batch.length >= BATCH_ITEMS) {
      yield batch;
      batch = [];
      size = 0;
    }
  }
  if (batch.length) yield batch;
}

/**
 * Times items ({kind, body, copies?, warm? (untimed runs first), cap (ms per copy), key}) with
 * `runBatch`, which answers what it ran before a timeout; restarts after each.
 * Result per item: {ms (per copy), error} | {timeout: true} | {skipped: true}.
 */
async function timeAll(items, runBatch) {
  const results = new Map();
  const timedOut = new Set();
  for (const batch of batches(items, timedOut)) {
    let rest = batch;
    while (rest.length) {
      const { answered, timeout } = await runBatch(rest);
      answered.forEach((r, i) => results.set(rest[i], r));
      if (timeout === undefined) break;
      results.set(rest[timeout], { timeout: true });
      timedOut.add(rest[timeout].key);
      rest = rest.slice(timeout + 1).filter((item) => !timedOut.has(item.key));
    }
  }
  return items.map((item) => results.get(item) ?? { skipped: true });
}

/** Swift: items of any kind through the WorstCaseRunner binary, each timed in the child. */
export const runSwift = (runner, items, warmup = {}) => runLines(runner, [], items, warmup);

/** JS: items of any kind through js-runner.mjs, each timed in the child; with `modelOnly`, without the JSON of the answer. */
export const runJS = (items, warmup = {}, { modelOnly = false } = {}) => runLines(process.execPath,
  ['--single-threaded', join(HERE, 'js-runner.mjs'), ...(modelOnly ? ['--model-only'] : [])], items, warmup);

/** JS: items through js-runner.mjs --memory: each result also has `heap`, the
 *  request's peak heap growth in bytes, and `answer`, what its answer holds
 *  (its time is of no use then). */
export const runJSMemory = (items, warmup = {}) => runLines(process.execPath,
  ['--single-threaded', '--expose-gc', '--max-semi-space-size=1', join(HERE, 'js-runner.mjs'), '--memory'], items, warmup);

/** The warm-up requests as lines: two rounds, so that tables load and node's JIT compiles what the measured requests run. */
function warmLines(warmup) {
  const warm = Object.entries(warmup).flatMap(([kind, bodies]) => bodies.map((b) => `${kind}\t${b}`));
  return [...warm, ...warm];
}

/** Items through a child of the line protocol (see the top of this file). */
function runLines(command, args, items, warmup) {
  const warm = warmLines(warmup);
  return timeAll(items, async (batch) => {
    const lines = [...warm];
    const owner = [];  // the item of each line after the warm-up
    const timed = [];  // whether it is timed: an item's `warm` runs, before its copies, are not
    batch.forEach((item, j) => {
      const warmRuns = item.warm ?? 0;
      for (let c = 0; c < warmRuns + (item.copies ?? 1); c++) {
        lines.push(`${item.kind}\t${item.body}`);
        owner.push(j);
        timed.push(c >= warmRuns);
      }
    });
    const first = 1 + warm.length;  // after `ready` and the warm-up answers
    const answered = [];
    let sum = 0, heap = 0, held = 0, done = -1, since;  // the last line answered, and the child's CPU then
    const run = await drive(command, args, Buffer.from(lines.join('\n') + '\n'), {
      onLine: (i, head) => {
        done = i;
        since = undefined;
        if (i < first || !timed[i - first]) return;
        const answer = JSON.parse(head);
        const j = owner[i - first];
        sum += answer.ms;
        heap = Math.max(heap, answer.heap ?? 0);
        held = Math.max(held, answer.answer ?? 0);
        if (owner[i - first + 1] !== j) {
          answered.push({ ms: sum / (batch[j].copies ?? 1), error: answer.error, ...(answer.heap === undefined ? {} : { heap, answer: held }) });
          sum = 0;
          heap = 0;
          held = 0;
        }
      },
      stuck: (cpu) => {
        const j = owner[done - first + 1];
        if (j === undefined || cpu === undefined || done < first - 1) return false;
        since ??= cpu;
        return cpu - since > batch[j].cap + SLACK_MS;
      },
    });
    if (!run.killed && answered.length !== batch.length) {
      throw new Error(`${command} ${args.join(' ')} answered ${answered.length} of ${batch.length} (exit ${run.code}): ${run.stderr}`);
    }
    return { answered, timeout: run.killed ? answered.length : undefined };
  });
}

/**
 * Instructions (callgrind's count, user space) the Swift runner runs for one
 * request beyond its warm-up alone: a count that the machine's caches and
 * other load do not move, for judging growth where CPU time steps from one
 * cost regime to the next (`a.` inserted at the start: 7.7 M, 55.9 M and
 * 484 M at 8, 64 and 512 KiB). Two processes per count (the warm-up alone is
 * counted once), under valgrind (about 50x slower than native), so for a
 * few cases only; JS counts a batch per process (`countInstructionsJS`). A
 * process past `capMs` of CPU is stopped: the count is then null.
 */
export async function countInstructionsSwift(runner, { kind, body }, warmup = {}, capMs = 900_000) {
  const collected = async (lines) => {
    const run = await drive('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', runner],
      Buffer.from(lines.map((l) => `${l}\n`).join('')), { onLine: () => {}, stuck: (cpu) => cpu > capMs });
    if (run.killed) return null;
    const m = /Collected : (\d+)/.exec(run.stderr);
    if (!m || run.code !== 0) throw new Error(`valgrind ${runner}: exit ${run.code}: ${run.stderr.slice(-400)}`);
    return Number(m[1]);
  };
  const warm = warmLines(warmup);
  baselines[runner] ??= collected(warm);
  const [withBody, without] = await Promise.all([collected([...warm, `${kind}\t${body}`]), baselines[runner]]);
  return withBody === null || without === null ? null : withBody - without;
}
const baselines = {};

/**
 * Instructions of each of `items` ({kind, body}) in JS, in one node process
 * under callgrind, which dumps its count each time the process enters
 * uv_getrusage: js-runner.mjs calls it (process.cpuUsage) just before and
 * just after each request, so the dump made at the second call holds that
 * request alone, and one node start-up and warm-up serve a whole batch. Node
 * runs with --jitless: the interpreter's count follows the operations the
 * model performs, where JIT tiers add compilations that differ from run to
 * run (with the JIT, `a.` inserted at 64 KiB counted 178, 167, 135, 121 M
 * after 1 to 4 earlier copies; jitless 1,550 M, and 195 M at 8 KiB). Null for
 * all when stopped past `capMs` of CPU.
 */
export async function countInstructionsJS(items, warmup = {}, capMs = 3_600_000) {
  const dir = mkdtempSync(join(tmpdir(), 'worst-cg-'));
  try {
    const warm = warmLines(warmup);
    const lines = [...warm, ...items.map(({ kind, body }) => `${kind}\t${body}`)];
    const run = await drive('valgrind', ['--tool=callgrind', '--dump-before=uv_getrusage', `--callgrind-out-file=${join(dir, 'cg')}`,
      process.execPath, '--jitless', '--single-threaded', join(HERE, 'js-runner.mjs')],
    Buffer.from(lines.map((l) => `${l}\n`).join('')), { onLine: () => {}, stuck: (cpu) => cpu > capMs });
    if (run.killed) return items.map(() => null);
    if (run.code !== 0) throw new Error(`valgrind node: exit ${run.code}: ${run.stderr.slice(-400)}`);
    // Dump n (from 1) is made at the n-th call: request r (from 0, warm-ups first) ends at call 2r + 2.
    const summary = (n) => Number(/^summary: (\d+)$/m.exec(readFileSync(join(dir, `cg.${n}`), 'latin1'))[1]);
    return items.map((_, i) => summary(2 * (warm.length + i) + 2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

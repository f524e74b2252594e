// Owns: timing requests one case at a time, with a cap per request, in the
// two implementations: Swift through the release CLI's batch mode
// (`stickertext edit|count|render --jsonl`) and JS through js-runner.mjs (the
// model in a node child). The figure is CPU time of the process answering
// (the work itself: other load on the machine does not inflate it, so growth
// is measured, not the neighbours), and process start-up is never in it:
//
// - Swift: the CLI reads all of stdin, then answers line by line, writing its
//   output whenever 64 KiB have gathered. After each measured request (or
//   group of copies) the runner puts a marker request whose answer is over
//   192 KiB: when the first byte of that answer arrives, the CLI has made
//   the measured answer and the marker's and written everything before; the
//   runner stops reading until the CLI is blocked writing the marker's answer
//   into the full pipe. The CLI's CPU time (/proc/PID/schedstat, exact for a
//   blocked process) read then, minus the reading at the
//   marker before, is the measured request plus one marker; a marker after a
//   marker, every 16 requests, measures the marker, which is subtracted.
// - JS: the child times each request itself (process.cpuUsage()).
//
// A request past its cap (CPU time) is stopped: the process is killed and a
// new one goes on with the rest; it is reported as `timeout`, and the other
// repetitions of the same case are skipped.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const BATCH_BYTES = 24 << 20;
const BATCH_ITEMS = 3000;
const CALIBRATE_EVERY = 16;
const SLACK_MS = 20;
const MARKER_BYTES = 192 << 10;

/** Marker requests: answers over 192 KiB that cost little (a text of stickers, each listed). */
const MARKER = {
  edit: JSON.stringify({ text: '[微笑]'.repeat(800), op: 'select', selection: { location: 0, length: 0 } }),
  count: JSON.stringify({ text: '[微笑]'.repeat(2600) }),
  render: JSON.stringify({ text: '[微笑]'.repeat(800) }),
};

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

const errorCode = (head) => /^\{"error":\{"code":"([a-z_]+)"/.exec(head)?.[1] ?? null;

/** CPU time (ms) a process's main thread has run, or undefined once it is gone
 *  (exact for a blocked process; for a running one, as of its last tick). */
function cpuOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** Whether a process is asleep (blocked), or gone. */
function blocked(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return 'SDtTZX'.includes(stat[stat.lastIndexOf(')') + 2]);
  } catch {
    return true;
  }
}

/**
 * Runs one process on `input`. For each line of its stdout: onLine(index,
 * head, bytes) when it is complete; and for the lines that `timed(index)`
 * names, onStart(index, cpu) with the process's CPU ms once the line's first
 * byte has arrived and the process is blocked (its output is not read
 * meanwhile, so a long answer fills the pipe and stops it). Killed when
 * stuck(cpu, wall) says so.
 */
function drive(command, args, input, { timed = () => false, onStart = () => {}, onLine = () => {}, stuck }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let index = 0, head = '', bytes = 0, started = false, killed = false, stderr = '';
    const readWhenBlocked = (line) => {
      if (!killed && !blocked(child.pid)) { setTimeout(() => readWhenBlocked(line), 0.2); return; }
      onStart(line, cpuOf(child.pid));
      child.stdout.resume();
    };
    child.stdout.on('data', (chunk) => {
      let pending;  // a timed line that began in this chunk
      let from = 0;
      while (from < chunk.length) {
        if (!started) {
          started = true;
          if (timed(index)) pending = index;
        }
        const nl = chunk.indexOf(10, from);
        const end = nl === -1 ? chunk.length : nl;
        if (head.length < 200) head += chunk.toString('latin1', from, Math.min(end, from + 200));
        bytes += end - from;
        if (nl === -1) break;
        onLine(index++, head, bytes);
        head = '';
        bytes = 0;
        started = false;
        from = nl + 1;
      }
      if (pending !== undefined) {
        child.stdout.pause();
        readWhenBlocked(pending);
      }
    });
    child.stderr.on('data', (d) => { if (stderr.length < 4000) stderr += d; });
    child.stdin.on('error', () => {});  // EPIPE once killed
    child.on('error', reject);
    const wall0 = performance.now();
    const timer = setInterval(() => {
      if (!killed && stuck(cpuOf(child.pid), performance.now() - wall0)) {
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
    size += item.body.length * (item.copies ?? 1);
    if (size > BATCH_BYTES || batch.length >= BATCH_ITEMS) {
      yield batch;
      batch = [];
      size = 0;
    }
  }
  if (batch.length) yield batch;
}

/**
 * Times items ({kind, body, copies?, cap (ms per copy), key}) with
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

/** Swift: items through `cli KIND --jsonl`, one process per kind and batch (see the top of this file). */
export async function runSwift(cli, items, warmup = {}) {
  const byKind = new Map();
  for (const item of items) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
  const results = new Map();
  for (const [kind, group] of byKind) {
    const answers = await timeAll(group, (batch) => swiftBatch(cli, kind, batch, warmup[kind] ?? []));
    group.forEach((item, i) => results.set(item, answers[i]));
  }
  return items.map((item) => results.get(item));
}

async function swiftBatch(cli, kind, batch, warmup) {
  const marker = MARKER[kind];
  const lines = [...warmup, marker, marker, marker];
  const isMarker = lines.map((_, i) => i >= warmup.length);
  const spans = [];  // per item: [the marker before it, the marker after it]
  batch.forEach((item, j) => {
    if (j > 0 && j % CALIBRATE_EVERY === 0) { lines.push(marker); isMarker.push(true); }
    spans.push([lines.length - 1, lines.length + (item.copies ?? 1)]);
    for (let c = 0; c < (item.copies ?? 1); c++) { lines.push(item.body); isMarker.push(false); }
    lines.push(marker);
    isMarker.push(true);
  });
  const cpuAt = new Array(lines.length), heads = new Array(lines.length), ends = new Array(lines.length);
  let current = 0;  // the first item whose marker after it has not begun to arrive
  const run = await drive(cli, [kind, '--jsonl'], Buffer.from(lines.join('\n') + '\n'), {
    timed: (i) => isMarker[i],
    onStart: (i, cpu) => {
      cpuAt[i] = cpu;
      while (current < spans.length && cpuAt[spans[current][1]] !== undefined) current++;
    },
    onLine: (i, head, bytes) => {
      heads[i] = head;
      ends[i] = true;
      if (isMarker[i] && bytes < MARKER_BYTES) throw new Error(`the ${kind} marker's answer is ${bytes} bytes, under ${MARKER_BYTES}: the CLI would not be blocked when it is read`);
    },
    stuck: (cpu, wall) => {
      if (current >= spans.length) return false;
      const item = batch[current], since = cpuAt[spans[current][0]];
      const cap = item.cap * (item.copies ?? 1);
      return (since !== undefined && cpu !== undefined && cpu - since > cap + SLACK_MS) || wall > 4 * cap + 60000;
    },
  });
  if (!run.killed && run.lines !== lines.length) {
    throw new Error(`${cli} ${kind} --jsonl answered ${run.lines} of ${lines.length} lines (exit ${run.code}): ${run.stderr}`);
  }
  const markerMs = [];
  for (let i = warmup.length + 1; i < lines.length; i++) {
    if (isMarker[i] && isMarker[i - 1] && cpuAt[i] !== undefined) markerMs.push(cpuAt[i] - cpuAt[i - 1]);
  }
  const markerCost = median(markerMs);
  if (!(markerCost > 0.005) && markerMs.length > 2) {
    throw new Error(`${cli} ${kind} --jsonl: markers cost ${markerCost} ms: it no longer writes its answers as it goes, so per-request times cannot be read`);
  }
  const answered = [];
  for (let j = 0; j < current; j++) {
    const [before, after] = spans[j];
    if (!ends[after - 1]) break;  // killed between the marker's start and the measured answer's end: cannot be
    const ms = (cpuAt[after] - cpuAt[before] - markerCost) / (batch[j].copies ?? 1);
    answered.push({ ms: Math.max(0.001, ms), error: errorCode(heads[before + 1]) });
  }
  return { answered, timeout: run.killed ? answered.length : undefined };
}

/** JS: items of any kind through js-runner.mjs, each timed in the child. */
export function runJS(items, warmup = {}) {
  const warm = Object.entries(warmup).flatMap(([kind, bodies]) => bodies.map((b) => `${kind}\t${b}`));
  // Two rounds of warm-up requests: the JIT compiles what the measured requests run.
  const warmLines = [...warm, ...warm];
  return timeAll(items, async (batch) => {
    const lines = [...warmLines];
    const owner = [];  // the item of each measured line
    batch.forEach((item, j) => {
      for (let c = 0; c < (item.copies ?? 1); c++) { lines.push(`${item.kind}\t${item.body}`); owner.push(j); }
    });
    const first = 1 + warmLines.length;  // after `ready` and the warm-up answers
    const answered = [];
    let sum = 0, done = -1, since;  // the last line answered, and the child's CPU then
    const run = await drive(process.execPath, [join(HERE, 'js-runner.mjs')], Buffer.from(lines.join('\n') + '\n'), {
      onLine: (i, head) => {
        done = i;
        since = undefined;
        if (i < first) return;
        const { ms, error } = JSON.parse(head);
        const j = owner[i - first];
        sum += ms;
        if (owner[i - first + 1] !== j) {
          answered.push({ ms: sum / (batch[j].copies ?? 1), error });
          sum = 0;
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
      throw new Error(`js-runner answered ${answered.length} of ${batch.length} (exit ${run.code}): ${run.stderr}`);
    }
    return { answered, timeout: run.killed ? answered.length : undefined };
  });
}

// The JS side of the worst-case search: the page's text model in node,
// answering one request per line of stdin (`KIND<TAB>JSON body`) as
// Tests/js/differential.test.mjs calls it, and timing each answer in the
// process (CPU time, process.cpuUsage()): JSON.parse of the body,
// edit/count/render, JSON.stringify of the response (not with --model-only). Writes `ready` once the tables are loaded, then one line per
// request: {"ms": time, "error": the API's error code or null}. Run with
// --single-threaded: process.cpuUsage() counts every thread of the process,
// and V8's background threads (concurrent marking and sweeping, compiling)
// would add work of earlier requests to the one being timed; single-threaded,
// the collections a request needs are its own cost, done on its own time.
//
// The heap is never collected on purpose between requests: the request after
// a forced collection pays for the heap growing again (measured: `a.` copy at
// 8 KiB 1.0 ms alone, 35 ms after gc(), in both threading modes), which made
// 64 KiB requests, collected before, look 20-70x slower than 8 KiB ones.
//
// With --memory (and node's --expose-gc), each answer also gives `heap`: the
// request's peak heap growth in bytes, and `answer`: what its answer holds,
// its times then being of no use. The heap is collected before each request;
// its size then (V8's used heap and the memory outside it that typed arrays
// hold) is the base, and the peak is the highest size before any collection
// during the request (v8.GCProfiler records each) or at its end. Collections
// come at least each time the young generation fills: run with
// --max-semi-space-size=1, the peak is found to about 1 MB. The answer is
// what the heap, collected again, holds more with the answer than without it
// (it is written to JSON in between: the transport's part, not the model's).
import v8 from 'node:v8';
import { createInterface } from 'node:readline';
import { edit, count, loadGB18030, loadURLs } from '../../public/js/model/index.js';
import { render } from '../../public/js/model/render-request.js';
import { catalog } from '../../Tests/js/support.mjs';

await Promise.all([loadGB18030(), loadURLs()]);
const handlers = { edit, count, render };
process.stdout.write('ready\n');

const memory = process.argv.includes('--memory');
/** --model-only: the answer is not written to JSON, so the time is the model's alone (the page's part). */
const modelOnly = process.argv.includes('--model-only');
const heapSize = ({ usedHeapSize, externalMemory }) => usedHeapSize + externalMemory;
const heapNow = () => {
  const h = v8.getHeapStatistics();
  return h.used_heap_size + h.external_memory;
};

/** A count's lists of stickers and emoji are made when first read (counting.js): with --memory they
 *  are made within the request, as the transport will read them, so that its peak and what its answer
 *  holds are those of the whole answer (and the closure that made them is let go). */
function madeWhole(answer) {
  for (const part of [answer, answer?.counts]) if (part && 'stickers' in part) void [part.stickers, part.emoji];
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const tab = line.indexOf('\t');
  const handler = handlers[line.slice(0, tab)];
  let body = line.slice(tab + 1);
  let error = null,
    base = 0,
    profiler = null;
  if (memory) {
    // The body as a string of its own (the line it was cut from is garbage), then the base.
    body = JSON.parse(JSON.stringify(body));
    global.gc();
    base = heapNow();
    profiler = new v8.GCProfiler();
    profiler.start();
  }
  const start = process.cpuUsage();
  let answer = null;
  try {
    answer = handler(JSON.parse(body), catalog);
    if (memory) madeWhole(answer);
    else if (!modelOnly) JSON.stringify(answer);
  } catch (e) {
    error = e.code ?? (e instanceof SyntaxError ? 'invalid_json' : `exception: ${String(e.message).slice(0, 80)}`);
  }
  const { user, system } = process.cpuUsage(start);
  const ms = (user + system) / 1000;
  if (memory) {
    const peak = Math.max(heapNow(), ...profiler.stop().statistics.map((gc) => heapSize(gc.beforeGC.heapStatistics)));
    global.gc();
    const withAnswer = heapNow();
    JSON.stringify(answer);
    answer = null;
    global.gc();
    process.stdout.write(`${JSON.stringify({ ms, error, heap: peak - base, answer: Math.max(0, withAnswer - heapNow()) })}\n`);
  } else {
    process.stdout.write(`${JSON.stringify({ ms, error })}\n`);
  }
}

// The JS side of the worst-case search: the page's text model in node,
// answering one request per line of stdin (`KIND<TAB>JSON body`) as
// Tests/js/differential.test.mjs calls it, and timing each answer in the
// process (CPU time, process.cpuUsage()): JSON.parse of the body,
// edit/count/render, JSON.stringify of the response. Writes `ready` once the tables are loaded, then one line per
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
import { createInterface } from 'node:readline';
import { edit, count, loadGB18030, loadURLs } from '../../public/js/model/index.js';
import { render } from '../../public/js/model/render-request.js';
import { catalog } from '../../Tests/js/support.mjs';

await Promise.all([loadGB18030(), loadURLs()]);
const handlers = { edit, count, render };
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const tab = line.indexOf('\t');
  const handler = handlers[line.slice(0, tab)];
  const body = line.slice(tab + 1);
  let error = null;
  const start = process.cpuUsage();
  try {
    JSON.stringify(handler(JSON.parse(body), catalog));
  } catch (e) {
    error = e.code ?? (e instanceof SyntaxError ? 'invalid_json' : `exception: ${String(e.message).slice(0, 80)}`);
  }
  const { user, system } = process.cpuUsage(start);
  const ms = (user + system) / 1000;
  process.stdout.write(`${JSON.stringify({ ms, error })}\n`);
}

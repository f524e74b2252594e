// The JS side of the worst-case search: the page's text model in node,
// answering one request per line of stdin (`KIND<TAB>JSON body`) as
// Tests/js/differential.test.mjs calls it, and timing each answer in the
// process (CPU time, process.cpuUsage()): JSON.parse of the body,
// edit/count/render, JSON.stringify of the response. Writes `ready` once the tables are loaded, then one line per
// request: {"ms": time, "error": the API's error code or null}. Run with
// --expose-gc: the heap is collected before each request over 16 KiB.
import { createInterface } from 'node:readline';
import { edit, count, render, loadGB18030, loadURLs } from '../../public/js/model/index.js';
import { catalog } from '../../Tests/js/support.mjs';

await Promise.all([loadGB18030(), loadURLs()]);
const handlers = { edit, count, render };
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const tab = line.indexOf('\t');
  const handler = handlers[line.slice(0, tab)];
  const body = line.slice(tab + 1);
  let error = null;
  // A large request starts from a collected heap (as in a page that just
  // loaded), so a collection of earlier requests' garbage is not its cost.
  if (body.length > 16384) globalThis.gc?.();
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

// The page's JS text model in node, on the same corpus and the same edits as
// the Swift core's benchmark (Benchmarks/StickerTextBenchmarks): a bare edit
// (applyEdit, like TextBackedString.applying) and the whole request the page makes on
// every keystroke (edit(): validate, edit, count the result), at 1 KB, 100 KB
// and 1 MB prefixes; and the search the `[` autocomplete runs per keystroke
// (the same queries as the Swift benchmark). One JSON row per measure on stdout.
// usage: node Benchmarks/js/model-bench.mjs CORPUS [runs]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { applyEdit, edit, parsePolicy, TextBackedString, loadGB18030 } from '../../public/js/model/index.js';
import { searchStickers } from '../../public/js/model/search.js';
import { catalog } from '../../Tests/js/support.mjs';

const [corpusPath, runsArg] = process.argv.slice(2);
const corpus = readFileSync(corpusPath, 'utf8');
const runs = Number(runsArg ?? 20);
await loadGB18030();

/** The longest prefix of at most `bytes` UTF-8 bytes, ending on a scalar. */
function prefix(bytes) {
  const encoded = Buffer.from(corpus, 'utf8');
  let end = Math.min(bytes, encoded.length);
  while (end < encoded.length && (encoded[end] & 0xC0) === 0x80) end += 1;
  return encoded.subarray(0, end).toString('utf8');
}

function measure(n, body) {
  for (let i = 0; i < 3; i++) body();  // warm up the JIT
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    body();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { best_ms: +times[0].toFixed(3), median_ms: +at(0.5).toFixed(3), p95_ms: +at(0.95).toFixed(3) };
}

const unlimited = parsePolicy(undefined);
const limited = parsePolicy({ maxLength: 2000000, countMode: 'gb18030' });
const pasted = '好[微笑]👍🏽';
for (const [size, bytes] of [['1KB', 1000], ['100KB', 100000], ['1MB', Buffer.byteLength(corpus)]]) {
  const text = prefix(bytes);
  const length = new TextBackedString(text, catalog).displayLength('utf16');
  const middle = { location: Math.floor(length / 2), length: 0 };
  const cases = [
    ['paste_middle', () => applyEdit({ op: 'paste', string: pasted }, text, middle, 'utf16', unlimited, catalog)],
    ['delete_end', () => applyEdit({ op: 'deleteBackward' }, text, { location: length, length: 0 }, 'utf16', unlimited, catalog)],
    ['move_caret', () => applyEdit({ op: 'moveCaret', offset: 5 }, text, middle, 'utf16', unlimited, catalog)],
    ['paste_limited', () => applyEdit({ op: 'paste', string: pasted }, text, middle, 'utf16', limited, catalog)],
    ['grapheme_select', () => applyEdit({ op: 'select' }, text, { location: Math.floor(length / 3), length: 0 }, 'grapheme', unlimited, catalog)],
    // What the page does per keystroke: the whole request, counts of the result included.
    ['keystroke_request', () => edit({ text, selection: middle, op: 'insert', string: '好', policy: { maxLength: 140, countMode: 'graphemes', stickerWeight: 1 } }, catalog)],
  ];
  for (const [op, body] of cases) {
    console.log(JSON.stringify({ name: 'js_edit', size, op, ...measure(size === '1MB' ? Math.max(3, runs / 4) : runs, body) }));
  }
}

// Search: what the autocomplete runs on each keystroke after `[`, over the default packs.
const QUERIES = ['x', 'xk', 'xiao', 'smile', '笑', 'ｄｏｇｅ', 'heart', 'zzz'];
const search = measure(runs * 10, () => { for (const q of QUERIES) searchStickers(catalog, q, 8); });
console.log(JSON.stringify({ name: 'js_search', per_query_us: +(search.median_ms * 1000 / QUERIES.length).toFixed(1),
  p95_per_query_us: +(search.p95_ms * 1000 / QUERIES.length).toFixed(1) }));

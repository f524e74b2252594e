// Grapheme segmentation's cost on the inputs that make its clusters and
// chunks longest, at n and 8n, in Swift (the release WorstCaseRunner: the
// core's JSON API, CPU time per request) and JS (Benchmarks/worst/js-runner.mjs:
// the page's model in node), beside mixed chat text of the same size: a run of
// combining marks on one letter, a ZWJ chain of pictographs, regional
// indicators, a conjunct chain of consonants and viramas, Myanmar stacks, lone
// viramas, Hangul jamo. Each text is counted, and edited where a boundary query
// must segment the whole chunk around the caret: Backspace at its end, a caret
// step from its middle. The best of ROUNDS runs, in ms; 8n/n
// is 8 when the cost is linear, 64 when quadratic.
//
// usage: node Benchmarks/graphemes-linear.mjs [KB] [ROUNDS]   (KB: n, default 64)
//   SWIFT_RUNNER=path  another WorstCaseRunner (default .build/release/WorstCaseRunner)
//   JS_ROOT=path       another checkout whose Benchmarks/worst/js-runner.mjs to run
// Needs: swift build -c release --product WorstCaseRunner
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const KB = Number(process.argv[2] ?? 64);
const ROUNDS = Number(process.argv[3] ?? 5);
const swiftRunner = process.env.SWIFT_RUNNER ?? join(ROOT, '.build', 'release', 'WorstCaseRunner');
const jsRunner = join(process.env.JS_ROOT ?? ROOT, 'Benchmarks', 'worst', 'js-runner.mjs');

/** `unit` repeated to about `bytes` UTF-8 bytes, with `head` before and `tail` after. */
const fill = (unit, bytes, head = '', tail = '') =>
  head + unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))) + tail;

/** Mixed chat text: Chinese, ASCII, emoji and stickers, as the benchmark corpus is made. */
const MIXED = '笑死我了[笑哭]今天天气不错 ok 👍🏽 去吃饭吧[微笑] https://example.com 好的👨‍👩‍👧 ';
const SHAPES = {
  'mixed chat text': (b) => fill(MIXED, b),
  'combining marks on one letter': (b) => fill('\u0301', b, 'a'),
  'a ZWJ chain of pictographs': (b) => fill('👨\u200D', b, '', '👨'),
  'regional indicators': (b) => fill('🇨', b),
  'a conjunct chain (ka virama)': (b) => fill('क\u094D', b, '', 'क'),
  'Myanmar stacks (ma virama)': (b) => fill('\u1019\u1039', b, '', '\u1019'),
  'lone viramas': (b) => fill('\u094D', b),
  'Hangul leading jamo': (b) => fill('\u1100', b, '', '\u1161'),
};

function requests(text) {
  const length = text.length;
  return [
    ['count', { text, policy: { maxLength: 1 << 30, countMode: 'graphemes' } }],
    ['edit', { text, op: 'deleteBackward' }], // the caret at the end
    ['edit', { text, unit: 'utf16', selection: { location: length >> 1, length: 0 }, op: 'moveCaret', offset: 1 }],
  ];
}
const OPS = ['count', 'Backspace at the end', 'caret step from the middle'];

/** Each request's least CPU time over ROUNDS runs, through one runner process. */
async function times(command, args, list) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value;
  if ((await next()) !== 'ready') throw new Error(`${command}: not ready`);
  const best = list.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < list.length; i++) {
      child.stdin.write(`${list[i][0]}\t${JSON.stringify(list[i][1])}\n`);
      const answer = JSON.parse(await next());
      if (answer.error) throw new Error(`${command}: ${answer.error} on ${OPS[i % OPS.length]}`);
      best[i] = Math.min(best[i], answer.ms);
    }
  }
  child.stdin.end();
  return best;
}

const sizes = [KB * 1024, 8 * KB * 1024];
const list = [];
for (const make of Object.values(SHAPES)) for (const bytes of sizes) list.push(...requests(make(bytes)));
const sides = {
  swift: await times(swiftRunner, [], list),
  js: await times(process.execPath, ['--single-threaded', jsRunner], list),
};

console.log(`n = ${KB} KB, 8n = ${8 * KB} KB; best of ${ROUNDS}, CPU ms (${swiftRunner}, ${jsRunner})`);
console.log('| shape | op | Swift n | Swift 8n | 8n/n | JS n | JS 8n | 8n/n |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
let k = 0;
for (const shape of Object.keys(SHAPES)) {
  for (let op = 0; op < OPS.length; op++) {
    const at = (side, size) => sides[side][k + size * OPS.length + op];
    const row = [shape, OPS[op]];
    for (const side of ['swift', 'js'])
      row.push(at(side, 0).toFixed(2), at(side, 1).toFixed(2), `${(at(side, 1) / at(side, 0)).toFixed(1)}x`);
    console.log(`| ${row.join(' | ')} |`);
  }
  k += 2 * OPS.length;
}

// The worst-case shapes at a large size through the JS model and the Swift
// CLI (`edit --jsonl`, `count --jsonl`), every field of the answers
// compared. Tests/js/differential.test.mjs compares short random texts; what
// only a long text reaches (the rooms of int-list.js free what they outgrow
// from 64 KiB up, the scanner's tables of one long piece) is compared here.
//
// usage: node Benchmarks/worst/large-differential.mjs
//   STICKERTEXT_CLI   the CLI (default .build/debug/stickertext)
//   WORST_SHAPES      a regular expression: the shapes (default all text shapes)
//   WORST_OPS         a regular expression on `op/combo` (default all edits and counts)
//   WORST_WIDE=1      the widened shapes too (shapes.mjs WIDENED)
//   SIZE              the body size in bytes (default 64 KiB)
// Prints the differences (the first 10) and a count; exits 1 where any differ.
import { cases, SHAPES, WIDENED } from './shapes.mjs';
import { edit, count, loadGB18030 } from '../../public/js/model/index.js';
import { loadURLs } from '../../public/js/model/lengths.js';
import { modelAnswer, swiftAnswers } from '../../Tests/js/support.mjs';

const SIZE = Number(process.env.SIZE ?? 64 * 1024);
const BATCH = 40;

await Promise.all([loadGB18030(), loadURLs()]);
const shapeFilter = new RegExp(process.env.WORST_SHAPES ?? '.');
const opFilter = new RegExp(process.env.WORST_OPS ?? '.');
const shapes = [...SHAPES, ...(process.env.WORST_WIDE === '1' ? WIDENED : [])].filter(
  (s) => s.kind === 'text' && shapeFilter.test(s.name),
);
const all = cases(shapes).filter(
  (c) => (c.kind === 'edit' || c.kind === 'count') && opFilter.test(`${c.op}/${c.combo}`),
);

const shown = (value) => JSON.stringify(value?.code ?? value);
let differing = 0;
let total = 0;
for (const kind of ['edit', 'count']) {
  const list = all.filter((c) => c.kind === kind);
  for (let at = 0; at < list.length; at += BATCH) {
    const part = list.slice(at, at + BATCH);
    const requests = part.map((c) => JSON.parse(c.body(SIZE)));
    const js = requests.map((request) => modelAnswer(kind === 'edit' ? edit : count, request));
    const answers = swiftAnswers(kind, requests);
    answers.forEach((swift, i) => {
      total += 1;
      const mine = js[i];
      const fields = swift.error || mine.error ? ['error'] : Object.keys(swift).filter((f) => f in mine);
      const apart = fields.filter((f) => shown(mine[f]) !== shown(swift[f]));
      if (!apart.length) return;
      differing += 1;
      if (differing <= 10) {
        const c = part[i];
        console.log(`${c.shape} ${c.op} ${c.combo}: ${apart.join(', ')} differ`);
        console.log(`  js    ${shown(mine[apart[0]]).slice(0, 200)}\n  swift ${shown(swift[apart[0]]).slice(0, 200)}`);
      }
    });
  }
}
console.log(`${total} cases at ${SIZE} bytes, ${differing} differ`);
process.exit(differing ? 1 : 0);

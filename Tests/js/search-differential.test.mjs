// The search's differential test: seeded random queries go through the JS
// model's ranking (public/js/model/search.js) and the Swift core's
// (`stickertext search --json`), and both must find the same stickers in the
// same order, matched the same way, or refuse the query with the same code.
// Queries are pieces of the packs' own keys (names, codes, pinyin, initials,
// keywords), changed as people type them: upper case, full-width letters, a
// leading `[`, spaces, a traditional form, and now and then stray characters
// (emoji, combining marks, Greek, brackets).
//
// DIFF_SEED=n fixes the seed (default: a new one each run, printed);
// SEARCH_CASES=n sets the number of queries (default 300: a process each).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { search } from '../../public/js/model/search.js';
import { catalog, cliPath } from './support.mjs';
import { random } from './random-edits.mjs';

const CASES = Number(process.env.SEARCH_CASES ?? 300);
const SEED = Number(process.env.DIFF_SEED ?? Math.floor(Math.random() * 1e9));

const keys = catalog.packs.flatMap((p) =>
  p.stickers.flatMap((s) =>
    [
      s.name.zh,
      s.name.en,
      s.pinyin,
      s.initials,
      s.emoji,
      ...(s.keywords ?? []),
      ...[s.tag, ...(s.aliases ?? [])].filter(Boolean),
    ].filter(Boolean),
  ),
);
const STRAY = [
  '😂',
  '👍🏽',
  'e\u0301',
  '\u0301',
  'Σ',
  'ς',
  'İ',
  'ß',
  '[',
  ']',
  ' ',
  '\u3000',
  "'",
  'Ａ',
  '①',
  'ﬁ',
  '笑',
  'x',
];

function randomQuery(r) {
  const key = r.pick(keys);
  const chars = [...key];
  const start = r.int(0, chars.length - 1);
  let q = chars.slice(start, r.int(start + 1, chars.length)).join('');
  if (r.chance(0.2)) q = q.toUpperCase();
  if (r.chance(0.15))
    q = [...q].map((c) => (/[!-~]/.test(c) ? String.fromCodePoint(c.codePointAt(0) + 0xfee0) : c)).join('');
  if (r.chance(0.2)) q = `[${q}`;
  if (r.chance(0.1)) q = ` ${q} `;
  if (r.chance(0.1)) q = q.split('').join(r.pick([' ', "'"]));
  if (r.chance(0.2)) q = r.pick([q + r.pick(STRAY), r.pick(STRAY) + q, r.pick(STRAY)]);
  if (r.chance(0.02)) q = q.repeat(40);
  return q;
}

const summary = (answer) =>
  answer.error ? { error: answer.error.code } : answer.stickers.map((s) => `${s.tag ?? s.emoji} ${s.match} ${s.pack}`);

test(`the JS and Swift searches rank ${CASES} random queries alike (seed ${SEED})`, () => {
  const r = random(SEED);
  for (let i = 0; i < CASES; i++) {
    const q = randomQuery(r);
    const limit = r.chance(0.9) ? 100 : r.int(0, 101);
    let js;
    try {
      js = search({ q, limit }, catalog);
    } catch (error) {
      if (!error.code) throw error;
      js = { error: { code: error.code } };
    }
    const run = spawnSync(cliPath, ['search', '--json', '--limit', String(limit), '--', q]);
    const swift = JSON.parse(run.stdout.toString());
    assert.deepEqual(
      summary(js),
      summary(swift),
      `query ${JSON.stringify(q)} limit ${limit} (seed ${SEED}, case ${i})`,
    );
  }
});

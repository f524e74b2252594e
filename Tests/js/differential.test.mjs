// The differential test: seeded random edit chains and counts go through the
// JS model in node and through the Swift core (`stickertext edit --jsonl`,
// `count --jsonl`), and every answer must be the same. A difference prints
// its seed and request and is kept in
// Tests/conformance/differential-regressions.json, so that both
// implementations run it from then on.
//
// DIFF_SEED=n fixes the base seed (default: a new one each run, printed);
// DIFF_CASES=n sets the number of edits (default 20,000).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { edit, count, loadGB18030, TextBackedString } from '../../public/js/model/index.js';
import { loadURLs } from '../../public/js/model/lengths.js';
import { catalog, ROOT, modelAnswer, swiftAnswers } from './support.mjs';
import { EDIT_FIELDS } from '../../public/js/model/requests.js';
import { random, randomText, randomEdit, randomCount } from './random-edits.mjs';

const CASES = Number(process.env.DIFF_CASES ?? 20000);
const BASE = Number(process.env.DIFF_SEED ?? Math.floor(Math.random() * 1e9));
const CHAIN = 8; // edits per random text, each on the previous answer
const REGRESSIONS = join(ROOT, 'Tests', 'conformance', 'differential-regressions.json');

before(() => Promise.all([loadGB18030(), loadURLs()]));

function differences(js, sw, fields) {
  if (js.error || sw.error) return js.error?.code === sw.error?.code ? [] : ['error'];
  return fields.filter((f) => JSON.stringify(js[f]) !== JSON.stringify(sw[f]));
}

/** Keeps a difference as a corpus case whose expectation is Swift's answer (the authority). */
function keep(kind, seed, request, sw, fields) {
  const file = existsSync(REGRESSIONS)
    ? JSON.parse(readFileSync(REGRESSIONS, 'utf8'))
    : {
        about:
          'Requests on which the differential test found the JS model and the Swift core apart; the expectation is the Swift answer, which the server makes the authority.',
      };
  const expect = sw.error ? undefined : Object.fromEntries(fields.filter((f) => f in sw).map((f) => [f, sw[f]]));
  const name =
    `differential seed ${seed}: ${kind} ${request.op ?? ''} on ${JSON.stringify(request.text).slice(0, 40)}`.trim();
  (file[kind] ??= []).push(sw.error ? { name, request, error: sw.error.code } : { name, request, expect });
  writeFileSync(REGRESSIONS, `${JSON.stringify(file, null, 1)}\n`);
}

function report(kind, seeds, requests, js, sw, fields) {
  const failures = [];
  for (let i = 0; i < requests.length; i++) {
    const diff = differences(js[i], sw[i], fields);
    if (!diff.length) continue;
    failures.push(
      `seed ${seeds[i]}: ${diff.join(', ')} differ\n  request ${JSON.stringify(requests[i])}\n  js    ${JSON.stringify(js[i])}\n  swift ${JSON.stringify(sw[i])}`,
    );
    if (failures.length <= 20) keep(kind, seeds[i], requests[i], sw[i], fields);
  }
  return failures;
}

test(`the JS model and the Swift core answer ${CASES} random edits alike (base seed ${BASE})`, () => {
  const requests = [],
    seeds = [],
    answers = [];
  for (let chain = 0; requests.length < CASES; chain++) {
    const seed = BASE + chain;
    const r = random(seed);
    let text = randomText(r, r.int(0, 24));
    for (let step = 0; step < CHAIN && requests.length < CASES; step++) {
      const string = new TextBackedString(text, catalog);
      const request = randomEdit(r, text, {
        utf16: string.displayLength('utf16'),
        grapheme: string.displayLength('grapheme'),
      });
      const response = modelAnswer(edit, request);
      requests.push(request);
      seeds.push(seed);
      answers.push(response);
      if (!response.error) text = response.text;
    }
  }
  const failures = report('edit', seeds, requests, answers, swiftAnswers('edit', requests), EDIT_FIELDS);
  assert.equal(
    failures.length,
    0,
    `${failures.length} of ${requests.length} differ (kept in ${REGRESSIONS}):\n${failures.slice(0, 10).join('\n')}`,
  );
});

test(`the JS model and the Swift core count ${CASES / 4} random texts alike (base seed ${BASE})`, () => {
  const requests = [],
    seeds = [];
  for (let i = 0; i < CASES / 4; i++) {
    seeds.push(BASE + i);
    requests.push(randomCount(random(BASE + i)));
  }
  const js = requests.map((q) => modelAnswer(count, q));
  const fields = [
    'graphemes',
    'utf16',
    'utf8',
    'gb18030',
    'weighted',
    'length',
    'countMode',
    'maxLength',
    'stickers',
    'emoji',
    'valid',
    'remaining',
    'overBy',
    'violations',
  ];
  const failures = report('count', seeds, requests, js, swiftAnswers('count', requests), fields);
  assert.equal(failures.length, 0, `${failures.length} differ:\n${failures.slice(0, 10).join('\n')}`);
});

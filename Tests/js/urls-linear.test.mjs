// The linear URL scanner (public/js/model/urls.js) against the plain
// quadratic one it replaced (fixtures/urls-reference.mjs), the twin of
// Tests/StickerTextTests/URLScannerTests.swift: the same URLs in every text,
// including the chains of labels, TLD-like runs, paths and parentheses that
// the scanner now answers once per position instead of once per try, and the
// long IDN labels it now refuses without encoding them.
//
// URLS_SEED=n sets the seed of the random texts (default: a fixed one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as linear from '../../public/js/model/urls.js';
import * as reference from './fixtures/urls-reference.mjs';
import { random } from './random-edits.mjs';

const SEED = Number(process.env.URLS_SEED ?? 25);
const CASES = 20000;

/** Pieces that make every part of the rule: protocols, labels and their `-`
 *  and `_`, TLDs (whole, cut short, followed by letters), punycode, IDN
 *  letters and dots, ports, paths with parentheses, queries, t.co, what may
 *  or may not precede a URL, and letters that fold into ASCII under
 *  IGNORECASE (`İ`, `ſ`, the Kelvin sign) or under NFKC (fullwidth). */
const PIECES = [
  'a', 'b', 'co', 'com', 'm', 'x', 'cn', '中国', '公司', 'é', '中', '.', '.', '.', '-', '_', '/', ':', '8', '0', '?', '=', '&',
  '(', ')', '((', '))', '#', '@', '!', ',', ' ', '\n', '。', 'http://', 'https://', 'HTTPS://', 't.co/', 'www.', '.com', '.co',
  '.cn', '.中国', 'xn--', 'xn--p1ai', 'ab', 'a.b', '~', "'", 'Ａ', 'İ', 'ſ', 'K',
  '\u212A', 'ｃｏｍ', '．', '｡', '.рф', 'Ж', 'T.CO/',
];

const points = (s) => Array.from(s, (ch) => ch.codePointAt(0));

function randomTexts(seed, count) {
  const r = random(seed);
  const texts = [];
  for (let k = 0; k < count; k++) {
    let text = '';
    for (let size = r.int(0, 40); size > 0; size--) text += r.pick(PIECES);
    texts.push(text);
  }
  return texts;
}

/** Asserts both scanners give the same for each text, naming the first that differs. */
function agree(name, texts, linearFn, referenceFn) {
  for (const text of texts) {
    const t = points(text);
    const got = linearFn(t), want = referenceFn(t);
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      assert.fail(`${name} of ${JSON.stringify(text.length > 400 ? text.slice(0, 400) + '…' : text)}: ${JSON.stringify(got)}, the reference ${JSON.stringify(want)}`);
    }
  }
}

test(`findURLs finds the same URLs as the quadratic scanner in ${CASES} random texts (seed ${SEED})`, () => {
  agree('findURLs', randomTexts(SEED, CASES), linear.findURLs, reference.findURLs);
});

test(`asciiDomains finds the same domains as the quadratic scanner in ${CASES} random texts (seed ${SEED + 1})`, () => {
  agree('asciiDomains', randomTexts(SEED + 1, CASES), linear.asciiDomains, reference.asciiDomains);
});

/** The shapes that made it quadratic, small enough for the old scanner. */
const SHAPES = ['a.', 'ab.', 'a.co.', 'co.', 'a-', 'a_b.', 'x.co/(a)', 'a.b.c.d/', 'xn--a.', 'é.', 'http://a.'];
const TAILS = ['', 'com', 'co', 'com/x', ' ', '中国'];

test('findURLs finds the same URLs in long runs of one shape', () => {
  agree('findURLs', SHAPES.flatMap((shape) => TAILS.map((tail) => shape.repeat(300) + tail)), linear.findURLs, reference.findURLs);
});

test('findURLs finds the same URLs where a label is about as long as ToASCII allows', () => {
  // A label whose ASCII form is 64 or more is refused; an IDN label of 60 or
  // more code points after nameprep is now refused without encoding it, and
  // an ASCII one is measured without making it an array.
  const letters = ['é', 'ü', '中', 'ж', 'ß', 'Ａ', 'ا', 'aé', 'ab中', 'x-é', 'a', 'a-b', 'x_'];
  const texts = [];
  for (const letter of letters) {
    for (let length = 1; length <= 80; length++) {
      const label = Array.from(letter.repeat(length)).slice(0, length).join('');
      for (const text of [`${label}.com`, `http://${label}.com/x`, `a.${label}.中国`, `${label}.${label}.co`, `a.xn--${label}`]) texts.push(text);
    }
  }
  agree('findURLs', texts, linear.findURLs, reference.findURLs);
});

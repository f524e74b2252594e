// Owns: seeded random edit and count requests for the differential test:
// texts of CJK, ASCII, emoji sequences, codes (known, unknown, broken),
// brackets, combining marks, line breaks, text that NFC changes and the
// makings of URLs (protocols, domains, TLDs, paths, queries, parentheses,
// t.co, IDN, the characters twitter-text calls invalid), with random
// operations, selections, units and policies (weighted ones often). Inserts
// often begin with what joins the text before them and texts often end with
// what can be joined (`[微` + `笑]`, `e` + U+0301, `1` + U+FE0F U+20E3, a lone
// regional indicator, a jamo, a consonant and its virama), where the limit and
// the emoji rule must judge the text joined, not the insert alone. The
// clusters are every kind UAX #29 makes: Indic conjuncts (GB9c) in
// Devanagari, Bengali and Malayalam and, since Unicode 17, Myanmar, Khmer and
// Balinese; Hangul syllables of jamo (GB6-GB8); every emoji sequence kind
// (keycaps, flags, tag sequences, ZWJ sequences, skin tones).

/** mulberry32: a small, good PRNG whose whole state is the seed. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

const PIECES = [
  // CJK, kana, Hangul, Latin, digits, punctuation
  '笑',
  '死',
  '我',
  '了',
  '你好',
  '今天',
  'あ',
  'カ',
  '한',
  'a',
  'b',
  'Z',
  ' ',
  '  ',
  '1',
  '9',
  '.',
  ',',
  '!',
  '#',
  '*',
  '…',
  '—',
  '、',
  '。',
  '（',
  '）',
  'Я',
  'é',
  'ß',
  '©',
  '®',
  '™',
  // emoji sequences: presentation, skin tones, ZWJ families, flags, keycaps, tags, variation selectors
  '😀',
  '😂',
  '👍',
  '👍🏽',
  '👋🏿',
  '👨‍👩‍👧‍👦',
  '👩‍💻',
  '🧑🏽‍🚀',
  '🇨🇳',
  '🇺🇸',
  '🇯',
  '🇵',
  '#️⃣',
  '1️⃣',
  '*⃣',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  '©️',
  '❤️',
  '❤',
  '☺',
  '☺️',
  '✌🏻',
  '🏳️‍🌈',
  '\u200D',
  '\uFE0F',
  '\u{1F3FB}',
  // combining marks, NFC-changing text, jamo, CRLF and other breaks
  'e\u0301',
  'a\u0308\u0323',
  '\u0301',
  '\u212B',
  '\u2126',
  '\u212A',
  'A\u030A',
  '\u1100\u1161\u11A8',
  '\u1100',
  '\u1161',
  '가',
  '하',
  '\u11A8',
  '\u11AB',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\u2028',
  '\u00AD',
  'न्\u200Dद',
  'क्ष',
  // Indic conjuncts (GB9c): Devanagari with a nukta, a vowel sign and three consonants, Bengali, Malayalam;
  // Unicode 17's Myanmar stacks and kinzi, Khmer coeng, Balinese adeg-adeg; a lone virama, a lone consonant
  'स्त्र',
  'क़्ष',
  'क्षि',
  'द्ध',
  'ক্ষ',
  'ക്ക',
  '\u1019\u1039\u1018',
  '\u102C\u1037',
  '\u1004\u103A\u1039\u1011\u1039\u1011',
  '\u179F\u17D2\u178F\u17D2\u179A\u17B8',
  '\u1795\u17D2\u17AF',
  '\u1B32\u1B44\u1B22\u1B44\u1B2C',
  '\u1B12\u1B01',
  '\u094D',
  '\u1039',
  '\u17D2',
  '\u1B44',
  'क',
  '\u1018',
  '\u178F',
  // Hangul syllables of jamo: L L V, LV T, LVT T, V V, the fillers
  '\u1100\u1100\u1161',
  '가\u11A8',
  '각\u11A8',
  '\u1161\u1162',
  '\u115F\u1160',
  // more emoji sequences: tag flags, ZWJ with skin tones and VS16, a keycap without VS16
  '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  '🏴󠁧󠁢󠁷󠁬󠁳󠁿',
  '👩🏽‍🤝‍👨🏿',
  '👩‍❤️‍💋‍👨',
  '🧑‍🧑‍🧒',
  '❤️‍🔥',
  '🏳️‍⚧️',
  '9⃣',
  // lone tag characters (a mark after one: Foundation's NFC composed U+E0067 U+0301 as U+01F5), and
  // what NFC does beyond U+FFFF: a Unicode 16 composite whose first half composes, a CJK compatibility
  // ideograph (a singleton), a letter of another plane before a mark
  '\u{E0067}',
  '\u{E007F}',
  '\u{E0067}\u0301',
  '\u{1138B}\u{113C5}',
  '\u{2F800}',
  '\u{10041}\u0301',
  // brackets on their own
  '[',
  ']',
  '[[',
  ']]',
  '][',
];
const URL_PIECES = [
  'http://',
  'https://',
  'HTTP://',
  'www.',
  'example',
  'a',
  'b-c',
  'x_y',
  '.',
  '.',
  '.com',
  '.co',
  '.c',
  '.jp',
  '.org',
  '.中国',
  '.みんな',
  '.рф',
  '.xn--p1ai',
  't.co/',
  't.co/abc',
  '/',
  '/path',
  '?',
  '?q=1',
  '&',
  '#',
  '(x)',
  '(',
  ')',
  ':80',
  '@',
  '$',
  '-',
  '_',
  ',',
  '!',
  'bit.ly',
  'example.com',
  'a.b',
  '例子',
  'é',
  'Ж',
  'ＣＯＭ',
  '。',
  '\uFEFF',
  '\uFFFE',
  '\uFFFF',
  '\u202A',
  'averyveryverylongname',
];
/** What joins the text before it, and what such pieces join. */
const JOINERS = [
  '\u0301',
  '\u0308',
  '\u200D😀',
  '\u200D',
  '\uFE0F',
  '\uFE0F\u20E3',
  '\u20E3',
  '\u{1F3FD}',
  '🇸',
  '🇺',
  '\u1161',
  '\u11A8',
  '\u1161\u11A8',
  '\u094Dष',
  'ष',
  '\u1039\u1018',
  '\u17D2\u178F',
  '\u1B44\u1B22',
  '\u200Dद',
  '\u093F',
  '笑]',
  ']',
  ']abc',
  '微笑]',
  'ab]',
  '\n',
  'com',
  '.com',
  'm/path',
];
const JOINABLE = [
  '[微',
  '[',
  '[哈',
  'e',
  'a',
  '1',
  '#',
  '❤',
  '😀',
  '👍',
  '🇺',
  '\u1100',
  '가',
  'क्',
  'क',
  '\u1019\u1039',
  '\u179F\u17D2',
  '\u1B32\u1B44',
  'x.co',
  'http://a',
  '\r',
];
const CODES = [
  '[微笑]',
  '[哈哈]',
  '[笑哭]',
  '[doge]',
  '[smile]',
  '[haha]',
  '[二哈]',
  '[心]',
  '[赞]',
  '[哈哈',
  '微笑]',
  '[没有这个]',
  '[微\n笑]',
  '[]',
  '[微笑 ]',
];

/** A random text of about `size` pieces. */
export function randomText(r, size) {
  let s = '';
  const urlish = r.chance(0.3);
  for (let i = 0; i < size; i++)
    s += r.chance(0.2) ? r.pick(CODES) : urlish && r.chance(0.6) ? r.pick(URL_PIECES) : r.pick(PIECES);
  return r.chance(0.25) ? s + r.pick(JOINABLE) : s;
}

const COUNT_MODES = ['graphemes', 'utf16', 'utf8', 'gb18030', 'weighted'];

function randomPolicy(r, textLength) {
  if (r.chance(0.35)) return undefined;
  const p = {};
  if (r.chance(0.7)) p.maxLength = Math.max(0, textLength + r.int(-4, 12));
  if (r.chance(0.7)) p.countMode = r.pick([...COUNT_MODES, 'weighted', 'weighted']);
  if (r.chance(0.3)) p.stickerWeight = r.pick([0, 1, 3]);
  if (r.chance(0.3)) p.emoji = r.pick(['allow', 'reject', 'strip']);
  if (r.chance(0.08)) {
    p.content = r.pick(['digits', 'decimal']);
    if (r.chance(0.5)) p.decimalPlaces = r.int(0, 3);
  }
  return p;
}

const DIGIT_PIECES = ['1', '2', '0', '.', '5', '12', '3.5', 'x'];

function randomInsert(r, policy) {
  if (r.chance(0.003)) return 'a\u0000'; // NUL: refused, as the server refuses it
  if (policy?.content) return Array.from({ length: r.int(1, 3) }, () => r.pick(DIGIT_PIECES)).join('');
  const piece = r.chance(0.5) ? r.pick([...PIECES, ...CODES, ...URL_PIECES]) : randomText(r, r.int(1, 6));
  return r.chance(0.3) ? r.pick(JOINERS) + piece : piece;
}

/** One edit request on `text` (whose display lengths the caller knows). */
export function randomEdit(r, text, lengths) {
  const unit = r.chance(0.7) ? 'utf16' : 'grapheme';
  const length = lengths[unit];
  const request = { text, unit };
  if (r.chance(0.95)) {
    const location = r.chance(0.02) ? length + 1 : r.int(0, length);
    const span = r.chance(0.6) ? 0 : r.int(0, Math.max(0, length - location));
    request.selection = { location, length: span };
  }
  const policy = randomPolicy(r, text.length);
  if (policy) request.policy = policy;
  const op = r.pick([
    'insert',
    'insert',
    'insert',
    'paste',
    'paste',
    'insertSticker',
    'cut',
    'copy',
    'deleteBackward',
    'deleteBackward',
    'deleteForward',
    'moveCaret',
    'moveCaret',
    'select',
    'selectAll',
  ]);
  request.op = op;
  if (op === 'insert' || op === 'paste') request.string = randomInsert(r, policy);
  if (op === 'insertSticker') request.tag = r.pick([...CODES.slice(0, 8), '[没有这个]', 'smile']);
  if (op === 'moveCaret') request.offset = r.chance(0.1) ? r.pick([-1000, 1000]) : r.int(-4, 4);
  return request;
}

/** A count request. */
export function randomCount(r) {
  const text = randomText(r, r.int(0, 30));
  const request = { text };
  const policy = randomPolicy(r, text.length);
  if (policy) request.policy = policy;
  return request;
}

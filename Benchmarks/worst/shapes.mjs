// Owns: the adversarial inputs of the worst-case search (make bench-worst)
// and of the guard in make test: the shapes of text and of request bodies,
// the operations of POST /api/edit with where their selection stands, the
// count modes and limits, and the one JSON request body that each
// (shape, op, combo, size) makes. Deterministic: the same bytes every run.
import { scanCodes } from '../../public/js/model/index.js';
import { catalog } from '../../Tests/js/support.mjs';

/** The server's default body limit (APIHandler.defaultBodyLimit, nginx's client_max_body_size). */
export const BODY_LIMIT = 1 << 20;

const bytesOf = (s) => Buffer.byteLength(s, 'utf8');
/** What a text takes in a JSON body (a shape's size is what the body limit counts). */
const jsonBytes = (s) => bytesOf(JSON.stringify(s)) - 2;

/** prefix + unit repeated + suffix, about `bytes` long in JSON (at least one unit). */
function fill(unit, bytes, prefix = '', suffix = '') {
  const room = bytes - jsonBytes(prefix) - jsonBytes(suffix);
  return prefix + unit.repeat(Math.max(1, Math.floor(room / jsonBytes(unit)))) + suffix;
}

const ACCENTED = [...'àáâãäåçèéêëìíîïñòóôõöùúûüýÿ'];
/** The `i`th word of `length` accented letters, each word of a run of them different from the others. */
const accented = (i, length) =>
  Array.from({ length }, (_, k) => ACCENTED[(Math.floor(i / ACCENTED.length ** (k % 3)) + k) % ACCENTED.length]).join('');
/** Words `word(0)`, `word(1)`, ... about `bytes` long in JSON. */
function distinctWords(bytes, word) {
  const words = [];
  for (let i = 0, size = 0; size + jsonBytes(word(i)) <= bytes || words.length === 0; i++) {
    words.push(word(i));
    size += jsonBytes(word(i));
  }
  return words.join('');
}

/** A seeded generator (mulberry32), for the mixed text. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (list) => list[Math.floor(next() * list.length)] };
}

const CHINESE = ['今天天气真好', '我们晚上一起吃饭吧', '哈哈哈笑死我了', '这个视频太好看了', '明天见', '你在干嘛呢',
  '周末去爬山怎么样', '好的没问题', '刚下班，累死了', '生日快乐！'];
const LATIN = ['ok ', 'see you at 8pm ', 'lol ', 'that is so cool ', 'brb ', 'thanks! ', 'on my way ', 'good night '];
const EMOJI = ['😀', '👍🏽', '👨‍👩‍👧‍👦', '🇨🇳', '❤️', '🎉', '#️⃣', '😂'];
const STICKERS = ['[微笑]', '[哈哈]', '[doge]', '[笑哭]', '[smile]', '[心跳]', '[不存在]'];
const URLS = ['https://example.com/a?b=1 ', 't.co/abc123 ', 'www.example.org ', 'http://例子.中国/路径 '];

/** A realistic chat mix, the yardstick: CJK, Latin, emoji, stickers (known and unknown), a few URLs, line breaks. */
function mixed(bytes) {
  const r = random(20261123);
  const pieces = [];
  for (let size = 0; size < bytes;) {
    const x = r.next();
    const piece = x < 0.45 ? r.pick(CHINESE) : x < 0.7 ? r.pick(LATIN) : x < 0.82 ? r.pick(STICKERS)
      : x < 0.94 ? r.pick(EMOJI) : x < 0.97 ? r.pick(URLS) : '\n';
    if (size + jsonBytes(piece) > bytes && pieces.length) break;
    pieces.push(piece);
    size += jsonBytes(piece);
  }
  return pieces.join('');
}

/** `open` k times, `middle`, `close` k times: about `bytes` long (in JSON, or as it is with `size` bytesOf). */
function nested(open, middle, close, bytes, prefix = '', size = jsonBytes) {
  const k = Math.max(1, Math.floor((bytes - size(prefix) - size(middle)) / (size(open) + size(close))));
  return prefix + open.repeat(k) + middle + close.repeat(k);
}

/** Every character as \uXXXX (so astral ones as surrogate pairs): the JSON string decoder's worst. */
function escapeAll(s) {
  let out = '"';
  for (let i = 0; i < s.length; i++) out += '\\u' + s.charCodeAt(i).toString(16).padStart(4, '0');
  return out + '"';
}

// Text shapes: `text(bytes)` gives the text; `escaped` says the body writes it
// with every character escaped (its size is then the escaped size).
const textShapes = [
  ['dots', 'a.', (b) => fill('a.', b)],
  ['dots', 'ab.', (b) => fill('ab.', b)],
  ['dots', 'dot-run', (b) => fill('.', b)],
  ['dots', 'dot-letter', (b) => fill('.a', b)],
  ['url', 'url-protocol-run', (b) => fill('https://', b)],
  ['url', 'url-many', (b) => fill('https://a.co ', b)],
  ['url', 'url-domains', (b) => fill('a.com ', b)],
  ['url', 'url-long-label', (b) => fill('a', b, 'https://', '.com')],
  ['url', 'url-label-chain', (b) => fill('label.', b, '', 'com')],
  ['url', 'url-punycode-chain', (b) => fill('xn--fsqu00a.', b, '', 'com')],
  ['url', 'url-punycode-run', (b) => fill('xn--', b)],
  ['url', 'url-idn-chain', (b) => fill('例子.', b, '', '中国')],
  ['url', 'url-idn-long', (b) => fill('例', b, 'http://', '.com')],
  ['url', 'url-long-path', (b) => fill('a/', b, 'https://example.com/')],
  ['url', 'url-nested-parens', (b) => nested('(', 'a', ')', b, 'https://example.com/')],
  ['url', 'url-paren-pairs', (b) => fill('(a)', b, 'https://example.com/')],
  ['url', 'url-query', (b) => fill('a=1&', b, 'https://example.com/?')],
  ['url', 'url-ports', (b) => fill(':8080', b, 'http://example.com')],
  ['url', 'url-port-digits', (b) => fill('9', b, 'http://example.com:')],
  ['url', 'url-tco-slug', (b) => fill('a', b, 'https://t.co/')],
  ['url', 'url-tco-many', (b) => fill('t.co/abcdef ', b)],
  ['url', 'url-tld-run', (b) => fill('.com', b)],
  ['url', 'url-cctld-chain', (b) => fill('co.uk.', b, 'a.')],
  ['url', 'url-dash-run', (b) => fill('-', b, 'http://a', 'a.com')],
  ['url', 'url-dash-label', (b) => fill('a-', b, '', 'a.com')],
  ['url', 'url-underscore-run', (b) => fill('a_', b, '', '.com')],
  ['url', 'url-after-at-hash', (b) => fill('@a.com #b.com $c.com ', b)],
  // Marks composing with a URL's letters: its run is put in NFC before the URL rule reads it.
  ['url', 'url-marks-on-domain', (b) => fill('\u0301\u0316', b, 'https://example.co', 'm')],
  ['url', 'url-marks-in-path', (b) => fill('e\u0301\u0316', b, 'https://example.com/')],
  ['url', 'url-marked-domains', (b) => fill('e\u0301.com ', b)],
  // Domains all different, so none is prepared (nameprep, Punycode) from the count's cache of the last:
  // three letters, three written with marks, twenty letters (2026-11-28: 7.3x, 10.2x, 11.4x mixed text's count).
  ['url', 'url-idn-distinct', (b) => distinctWords(b, (i) => `${accented(i, 3)}.com `)],
  ['url', 'url-idn-distinct-marked', (b) => distinctWords(b, (i) => `${accented(i, 3).normalize('NFD')}.com `)],
  ['url', 'url-idn-distinct-long', (b) => distinctWords(b, (i) => `${accented(i, 20)}.com `)],
  // A run of clusters that are not simple, ending in a URL (the fuzzer's find).
  ['url', 'url-after-replacement-chars', (b) => fill('\uFFFD\u0005 ', b, '', ' x.com/')],
  ['brackets', 'br-open', (b) => fill('[', b)],
  ['brackets', 'br-close', (b) => fill(']', b)],
  ['brackets', 'br-open-pairs', (b) => fill('[[', b)],
  ['brackets', 'br-unknown', (b) => fill('[a]', b)],
  ['brackets', 'br-unclosed', (b) => fill('[微笑', b)],
  ['brackets', 'br-codes', (b) => fill('[微笑]', b)],
  ['brackets', 'br-codes-ascii', (b) => fill('[smile]', b)],
  ['brackets', 'br-across-lines', (b) => fill('[微\n笑]', b)],
  ['brackets', 'br-open-lines', (b) => fill('[\n', b)],
  ['brackets', 'br-nested', (b) => nested('[', '微笑', ']', b)],
  ['brackets', 'br-long-content', (b) => fill('a', b, '[', ']')],
  ['graphemes', 'gc-emoji', (b) => fill('😀', b)],
  ['graphemes', 'gc-skin-tones', (b) => fill('👍🏽', b)],
  ['graphemes', 'gc-tone-run', (b) => fill('🏽', b)],
  ['graphemes', 'gc-zwj-family', (b) => fill('👨‍👩‍👧‍👦', b)],
  ['graphemes', 'gc-zwj-chain', (b) => fill('👨\u200D', b, '', '👨')],
  ['graphemes', 'gc-zwj-run', (b) => fill('\u200D', b, 'a')],
  ['graphemes', 'gc-flags-even', (b) => fill('🇨🇳', b)],
  ['graphemes', 'gc-flags-odd', (b) => fill('🇨🇳', b, '🇦')],
  ['graphemes', 'gc-keycaps', (b) => fill('#️⃣', b)],
  ['graphemes', 'gc-fe0f-run', (b) => fill('\uFE0F', b, 'a')],
  ['graphemes', 'gc-fe0f-pairs', (b) => fill('❤\uFE0F', b)],
  ['graphemes', 'gc-marks-one-base', (b) => fill('\u0301', b, 'a')],
  ['graphemes', 'gc-marks-each', (b) => fill('a\u0301', b)],
  // Marks of two classes out of canonical order on one base: NFC sorts them (weighted, the URL finder).
  ['graphemes', 'gc-marks-two-classes', (b) => fill('\u0301\u0316', b, 'a')],
  ['graphemes', 'gc-marks-two-classes-each', (b) => fill('e\u0301\u0316', b)],
  ['graphemes', 'gc-crlf', (b) => fill('\r\n', b)],
  ['graphemes', 'gc-cr', (b) => fill('\r', b)],
  ['graphemes', 'gc-lf', (b) => fill('\n', b)],
  ['graphemes', 'gc-jamo-L', (b) => fill('\u1100', b)],
  ['graphemes', 'gc-jamo-V', (b) => fill('\u1161', b)],
  ['graphemes', 'gc-jamo-T', (b) => fill('\u11A8', b)],
  ['graphemes', 'gc-jamo-LVT', (b) => fill('\u1100\u1161\u11A8', b)],
  ['graphemes', 'gc-hangul', (b) => fill('한', b)],
  ['graphemes', 'gc-indic-conjuncts', (b) => fill('क्ष', b)],
  ['graphemes', 'gc-indic-chain', (b) => fill('क्', b, '', 'क')],
  ['graphemes', 'gc-prepend', (b) => fill('\u0600', b, '', 'a')],
  ['graphemes', 'gc-tag-flags', (b) => fill('🏴󠁧󠁢󠁥󠁮󠁧󠁿', b)],
  ['graphemes', 'gc-tag-run', (b) => fill('\u{E0067}', b, '🏴')],
  ['plain', 'ascii-words', (b) => fill('hello world ', b)],
  ['plain', 'cjk', (b) => fill('中文字', b)],
  ['plain', 'digits', (b) => fill('1234567890', b)],
  ['plain', 'bom-run', (b) => fill('\uFEFF', b)],
  ['mixed', 'mixed', mixed],
  ['escapes', 'esc-mixed', (b) => mixed(Math.floor(b / 3)), true],
  ['escapes', 'esc-surrogates', (b) => fill('😀', Math.floor(b / 3)), true],
  ['escapes', 'esc-short', (b) => fill('\n\t"\\/', b)],
].map(([family, name, text, escaped = false]) => ({ family, name, kind: 'text', text, escaped }));

// Body shapes: a request whose cost is in the JSON itself. Numbers go into
// one numeric field each (a placement); structures into an unknown field.

/** A number literal of about `digits` characters worth 10^p (or out of range). */
const numberForms = {
  'num-leading-zeros': (z, p) => `0.${'0'.repeat(z)}1e${z + 1 + p}`,
  'num-trailing-zeros': (z, p) => `1${'0'.repeat(z)}e-${z - p}`,
  'num-exponent-zeros': (z, p) => `1e${'0'.repeat(z)}${p}`,
  'num-fraction-zeros': (z, p) => `1${'0'.repeat(p)}.${'0'.repeat(z)}`,
  'num-leading-zeros-huge': (z) => `0.${'0'.repeat(z)}1e${z + 40}`,
};

/** Where a number goes: the request (the number as NUM), its power of ten, its sign, the yardstick case. */
const numberPlacements = [
  ['count:maxLength', 'count', { text: 'hello', policy: { countMode: 'graphemes', maxLength: 'NUM' } }, 2, 1, ['count', '280-graphemes']],
  ['count:stickerWeight', 'count', { text: 'hello', policy: { stickerWeight: 'NUM' } }, 0, 1, ['count', 'none']],
  ['count:decimalPlaces', 'count', { text: '1.5', policy: { content: 'decimal', decimalPlaces: 'NUM' } }, 0, 1, ['count', 'none']],
  ['edit:offset', 'edit', { text: 'hello', op: 'moveCaret', offset: 'NUM' }, 9, -1, ['moveCaret-back', 'none']],
  ['edit:location', 'edit', { text: 'hello', op: 'select', selection: { location: 'NUM', length: 0 } }, 0, 1, ['select-utf16', 'none']],
  ['edit:length', 'edit', { text: 'hello', op: 'select', selection: { location: 0, length: 'NUM' } }, 0, 1, ['select-utf16', 'none']],
  ['edit:maxLength', 'edit', { text: 'hello', op: 'insert', string: 'x', policy: { maxLength: 'NUM' } }, 2, 1, ['insert@end', '280-graphemes']],
  ['render:size', 'render', { text: 'hello', options: { size: 'NUM' } }, 1, 1, ['render', 'n/a']],
].map(([name, kind, template, power, sign, yardstick]) => ({ name, kind, template, power, sign, yardstick }));

/** The request with its NUM field written as `literal`. */
function withNumber(template, literal) {
  return JSON.stringify(template).replace('"NUM"', () => literal);
}

const structures = {
  'json-deep-arrays': (b) => nested('[', '', ']', b, '', bytesOf),
  'json-deep-objects': (b) => nested('{"a":', '0', '}', b, '', bytesOf),
  'json-depth-limit-repeated': (b) => `[${fill(`${'['.repeat(60)}${']'.repeat(60)},`, b - 4)}0]`,
  'json-wide-array': (b) => `[${fill('0,', b - 3)}0]`,
  'json-many-keys': (b) => {
    let s = '{"k0":0';
    for (let i = 1; s.length < b - 16; i++) s += `,"k${i}":0`;
    return s + '}';
  },
  'json-whitespace': (b) => `${' '.repeat(Math.max(1, b - 4))}0`,
};

/** The request bodies an unknown field "zz" is put into, per endpoint, and their yardsticks. */
const structurePlacements = [
  ['count', 'count', { text: 'hello' }, ['count', 'none']],
  ['edit', 'edit', { text: 'hello', op: 'insert', string: 'x' }, ['insert@end', 'none']],
  ['render', 'render', { text: 'hello' }, ['render', 'n/a']],
].map(([name, kind, template, yardstick]) => ({ name, kind, template, yardstick }));

/** 'e' and marks of two classes out of order, about `bytes` in UTF-8: a name or
 *  a choice that Swift's String would compare by canonical equivalence. */
const markRun = (bytes) => 'e' + '\u0301\u0316'.repeat(Math.max(1, Math.floor(bytes / 4)));

/** Where a long run of marks goes: a field's name, or a value among choices (CHOICE). */
const markPlacements = [
  ['count:name', 'count', { text: 'hello' }, ['count', 'none']],
  ['edit:name', 'edit', { text: 'hello', op: 'insert', string: 'x' }, ['insert@end', 'none']],
  ['render:name', 'render', { text: 'hello' }, ['render', 'n/a']],
  ['count:countMode', 'count', { text: 'hello', policy: { countMode: 'CHOICE' } }, ['count', 'none']],
  ['count:emoji', 'count', { text: 'hello', policy: { emoji: 'CHOICE' } }, ['count', 'none']],
  ['edit:op', 'edit', { text: 'hello', op: 'CHOICE' }, ['insert@end', 'none']],
  ['edit:unit', 'edit', { text: 'hello', op: 'select', unit: 'CHOICE' }, ['select-utf16', 'none']],
  ['render:baseURL', 'render', { text: 'hello', options: { baseURL: 'CHOICE' } }, ['render', 'n/a']],
].map(([name, kind, template, yardstick]) => ({ name, kind, template, yardstick }));

const bodyShapes = [
  {
    family: 'json', name: 'json-marks', kind: 'body', placements: markPlacements.map((p) => ({
      ...p,
      body: (bytes) => {
        const base = JSON.stringify(p.template);
        const run = markRun(bytes - bytesOf(base) - 8);
        return p.name.endsWith(':name') ? `{${JSON.stringify(run)}:0,${base.slice(1)}` : base.replace('"CHOICE"', () => JSON.stringify(run));
      },
    })),
  },
  ...Object.entries(numberForms).map(([name, form]) => ({
    family: 'json', name, kind: 'body', placements: numberPlacements.map((p) => ({
      ...p,
      body: (bytes) => {
        const overhead = withNumber(p.template, '0').length;
        const z = Math.max(1, bytes - overhead - 12);
        return withNumber(p.template, (p.sign < 0 ? '-' : '') + form(z, p.power));
      },
    })),
  })),
  ...Object.entries(structures).map(([name, make]) => ({
    family: 'json', name, kind: 'body', placements: structurePlacements.map((p) => ({
      ...p,
      body: (bytes) => {
        const base = JSON.stringify(p.template);
        return `{"zz":${make(bytes - base.length - 7)},${base.slice(1)}`;
      },
    })),
  })),
];

export const SHAPES = [...textShapes, ...bodyShapes];

// The widened search (issue 44): each text shape again, cut into short runs
// by what the scanner and the counts treat specially, with a character past
// ASCII in front (a run's `.` search went on to the end of the whole text:
// a text of one shape is one run, and none of the shapes above found it).
// Stickers: a known code (`[ok]`, itself an alias), an alias past ASCII, an
// unknown code, a half code; separators: each bracket, a dot, `@`, a space,
// a line break. `lead` is the shape with the leading character alone.
const RUN = 3; // code points of the shape between two separators
const SEPARATORS = [
  ['ok', '[ok]'],
  ['alias', '[開心]'],
  ['unknown', '[zz]'],
  ['half', '[ok'],
  ['open', '['],
  ['close', ']'],
  ['dot', '.'],
  ['at', '@'],
  ['space', ' '],
  ['lf', '\n'],
];
const LEAD = '中';

/** `text` cut into runs of RUN code points, `separator` between them,
 *  LEAD in front, up to about `bytes` (in JSON; as `text` is, for an escaped shape). */
function interleaved(text, separator, bytes, escaped) {
  const size = escaped ? (s) => 6 * s.length : jsonBytes;
  const points = Array.from(text);
  const pieces = [LEAD];
  let total = size(LEAD);
  for (let i = 0; i < points.length; i += RUN) {
    const piece = points.slice(i, i + RUN).join('') + separator;
    const more = size(piece);
    if (total + more > bytes && pieces.length > 1) break;
    pieces.push(piece);
    total += more;
  }
  return pieces.join('');
}

/** Every text shape but mixed (the yardstick) in each widened form. */
export const WIDENED = textShapes
  .filter((shape) => shape.family !== 'mixed')
  .flatMap((shape) => {
    const budget = (b) => (shape.escaped ? Math.floor(b / 6) * 6 : b);
    return [
      { ...shape, name: `${shape.name}~lead`, text: (b) => LEAD + shape.text(b - jsonBytes(LEAD)) },
      ...SEPARATORS.map(([tag, separator]) => ({
        ...shape,
        name: `${shape.name}~${tag}`,
        text: (b) => interleaved(shape.text(b), separator, budget(b), shape.escaped),
      })),
    ];
  });

/** Text broken into many short runs by stickers, with a character past ASCII
 *  in front (issue 44: the JS model searched each run's `.` to the end of the
 *  whole text, and these grew 28-49x for 8x the size): the three requests, each
 *  `body(bytes)` about `bytes` long. */
const denseRuns = (bytes) => Math.max(1, Math.floor(bytes / 5));
export const BETWEEN_STICKERS = [
  {
    name: "count of '中' + '[ok]a' repeated",
    kind: 'count',
    body: (b) => JSON.stringify({ text: `中${'[ok]a'.repeat(denseRuns(b))}` }),
  },
  {
    name: 'the same pasted into an empty field, weighted, maxLength its number of runs',
    kind: 'edit',
    body: (b) => JSON.stringify({ text: '', op: 'paste', string: `中${'[ok]a'.repeat(denseRuns(b))}`, policy: { countMode: 'weighted', maxLength: denseRuns(b) } }),
  },
  {
    name: "'x' inserted at the end of '[ok]a' repeated",
    kind: 'edit',
    body: (b) => JSON.stringify({ text: '[ok]a'.repeat(denseRuns(b)), op: 'insert', string: 'x' }),
  },
];

/** The BETWEEN_STICKERS requests at each of `sizes`, `rounds` times over (the sizes in turn within a
 *  round), as the runners take them; with `copies`, each a run of that many requests at the largest
 *  size and of as many bytes at a smaller one. */
export function betweenStickersItems({ sizes, rounds, copies = 0 }) {
  const items = [];
  for (let round = 0; round < rounds; round++)
    for (const row of BETWEEN_STICKERS)
      for (const size of sizes)
        items.push({
          row, size, kind: row.kind, body: row.body(size), cap: 60_000, key: `${row.name}/${size}/${round}`,
          ...(copies ? { copies: copies * (sizes.at(-1) / size) } : {}),
        });
  return items;
}

/** Per row of BETWEEN_STICKERS, its figure at each of `sizes`: `pick` of the figures (`figures[i]`,
 *  missing ones Infinity) of its items at that size. */
export function figuresByRow(items, figures, sizes, pick) {
  const all = new Map();
  items.forEach((item, i) => {
    const key = `${item.row.name}/${item.size}`;
    all.set(key, [...(all.get(key) ?? []), figures[i] ?? Infinity]);
  });
  return BETWEEN_STICKERS.map((row) => sizes.map((size) => pick(all.get(`${row.name}/${size}`))));
}
export const MIXED = textShapes.find((s) => s.name === 'mixed');


// Count modes and limits, where they change the path. Every response counts
// all five lengths whatever the mode (`counts` in every edit, count and
// render answer), so the mode only decides which length a limit is held to.
// Without a limit only `graphemes` and `weighted` run (a weighted edit also
// refuses U+FFFE/FEFF/FFFF). A limit of 280 cuts what is inserted into an
// empty field (insert-of, paste-of): every mode runs there. An insert into
// the shape's text finds it already over 280 and takes nothing: there
// `graphemes` and `weighted` run. Ops that do not insert, under `weighted`.
export const MODES = ['graphemes', 'utf16', 'utf8', 'gb18030', 'weighted'];
const policies = {
  none: undefined,
  'none-weighted': { countMode: 'weighted' },
  ...Object.fromEntries(MODES.map((m) => [`280-${m}`, { countMode: m, maxLength: 280 }])),
};
const CUTTING_COMBOS = ['none', 'none-weighted', ...MODES.map((m) => `280-${m}`)];
const INSERTING_COMBOS = ['none', 'none-weighted', '280-graphemes', '280-weighted'];
const OTHER_COMBOS = ['none', '280-weighted'];
const COUNT_COMBOS = ['none', '280-graphemes', '280-weighted'];
export const COVERAGE = {
  'insert-of, paste-of (the shape typed or pasted into an empty field)': CUTTING_COMBOS,
  'insert, paste, insertSticker at start, middle, end of the shape': INSERTING_COMBOS,
  'cut, copy (a third at start, middle, end), deleteBackward, deleteForward (start, middle, end), moveCaret ±1e9, select (utf16 and grapheme), selectAll': OTHER_COMBOS,
  count: COUNT_COMBOS,
  'render (default options; wrapEmoji with lineBreaks false)': ['n/a'],
};

/** What a text's positions are, in display units (a sticker counts 1), computed once per text. */
class Positions {
  constructor(text) { this.text = text; }

  get utf16() {
    if (this._utf16 === undefined) {
      const { starts, ends } = scanCodes(this.text, catalog);
      let inCodes = 0;
      for (let k = 0; k < starts.length; k++) inCodes += ends[k] - starts[k] - 1;
      this._utf16 = this.text.length - inCodes;
    }
    return this._utf16;
  }

  /**
   * At most the number of grapheme clusters, a sticker's counting 1. ICU cuts
   * windows of 256 code units (Intl.Segmenter takes time linear in the whole
   * string for each cluster it steps over, so one pass over a long string is
   * quadratic); a window's edge adds at most one cluster, taken off again, and
   * 5% is left for the model's Unicode version.
   */
  get graphemes() {
    if (this._graphemes === undefined) {
      const { starts, ends } = scanCodes(this.text, catalog);
      const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
      let n = 0, k = 0, windows = 0;
      for (let from = 0; from < this.text.length; windows++) {
        let to = Math.min(this.text.length, from + 256);
        if (/[\uDC00-\uDFFF]/.test(this.text[to] ?? '')) to++;
        for (const { index } of segmenter.segment(this.text.slice(from, to))) {
          const at = from + index;
          while (k < ends.length && ends[k] <= at) k++;
          if (!(k < ends.length && at > starts[k] && at < ends[k])) n++;
        }
        from = to;
      }
      this._graphemes = Math.floor(Math.max(0, n - (windows - 1)) * 0.95);
    }
    return this._graphemes;
  }
}

const caret = (location) => ({ location, length: 0 });
const third = (length, at) => {
  const l = Math.floor(length / 3);
  return { location: at === 'start' ? 0 : at === 'mid' ? l : length - l, length: l };
};
const at = (p, where) => (where === 'start' ? caret(0) : where === 'mid' ? caret(Math.floor(p.utf16 / 2)) : undefined);
const PASTED = '好[微笑]👍🏽 ok';
const BIG = 1_000_000_000;

/** The edit ops, each with where the selection stands, and which combos they run under. */
const editOps = [];
for (const where of ['start', 'mid', 'end']) {
  editOps.push(
    { id: `insert@${where}`, inserting: true, make: (s, p) => ({ text: s, selection: at(p, where), op: 'insert', string: '好' }) },
    { id: `paste@${where}`, inserting: true, make: (s, p) => ({ text: s, selection: at(p, where), op: 'paste', string: PASTED }) },
    { id: `insertSticker@${where}`, inserting: true, make: (s, p) => ({ text: s, selection: at(p, where), op: 'insertSticker', tag: '[微笑]' }) },
    { id: `cut@${where}`, make: (s, p) => ({ text: s, selection: third(p.utf16, where), op: 'cut' }) },
    { id: `copy@${where}`, make: (s, p) => ({ text: s, selection: third(p.utf16, where), op: 'copy' }) },
    { id: `deleteBackward@${where}`, make: (s, p) => ({ text: s, selection: at(p, where), op: 'deleteBackward' }) },
    { id: `deleteForward@${where}`, make: (s, p) => ({ text: s, selection: at(p, where), op: 'deleteForward' }) },
  );
}
editOps.push(
  // The shape is what is typed or pasted, into an empty field: where a limit cuts it.
  { id: 'insert-of', cutting: true, make: (s) => ({ text: '', op: 'insert', string: s }) },
  { id: 'paste-of', cutting: true, make: (s) => ({ text: '', op: 'paste', string: s }) },
  { id: 'moveCaret-forward', make: (s) => ({ text: s, selection: caret(0), op: 'moveCaret', offset: BIG }) },
  { id: 'moveCaret-back', make: (s) => ({ text: s, op: 'moveCaret', offset: -BIG }) },
  { id: 'select-utf16', make: (s, p) => ({ text: s, selection: third(p.utf16, 'mid'), op: 'select' }) },
  { id: 'select-grapheme', make: (s, p) => ({ text: s, selection: third(p.graphemes, 'mid'), unit: 'grapheme', op: 'select' }) },
  { id: 'selectAll', make: (s) => ({ text: s, op: 'selectAll' }) },
);

/** Every op of a text shape: [{id, kind, combos, make(text, positions) → request}]. */
export const OPS = [
  ...editOps.map((o) => ({ ...o, kind: 'edit', combos: o.cutting ? CUTTING_COMBOS : o.inserting ? INSERTING_COMBOS : OTHER_COMBOS })),
  { id: 'count', kind: 'count', combos: COUNT_COMBOS, make: (s) => ({ text: s }) },
  { id: 'render', kind: 'render', combos: ['n/a'], make: (s) => ({ text: s }) },
  { id: 'render-options', kind: 'render', combos: ['n/a'], make: (s) => ({ text: s, options: { wrapEmoji: true, lineBreaks: false } }) },
];

const textCache = new Map();

/** A text shape's text at a size (cached: every op of a shape uses the same text). */
function textAt(shape, bytes) {
  const key = `${shape.name}/${bytes}`;
  if (!textCache.has(key)) {
    if (textCache.size > 400) textCache.clear();
    const text = shape.text(bytes);
    textCache.set(key, { text, positions: new Positions(text) });
  }
  return textCache.get(key);
}

/**
 * Every case of the search: {shape, op, combo, kind, yardstick: [op, combo],
 * body(bytes) → one JSON line}. A text shape runs every op under its combos;
 * a body shape, its placements.
 */
export function cases(shapes = SHAPES) {
  const all = [];
  for (const shape of shapes) {
    if (shape.kind === 'body') {
      for (const p of shape.placements) {
        all.push({ shape: shape.name, family: shape.family, op: p.name, combo: 'n/a', kind: p.kind, yardstick: p.yardstick, body: p.body });
      }
      continue;
    }
    for (const op of OPS) {
      for (const combo of op.combos) {
        const body = (bytes) => {
          const { text, positions } = textAt(shape, bytes);
          const request = op.make(text, positions);
          if (policies[combo]) request.policy = policies[combo];
          const json = JSON.stringify(request);
          // The shape's string (text or string) written with every character escaped.
          return shape.escaped ? json.replace(JSON.stringify(text), () => escapeAll(text)) : json;
        };
        all.push({ shape: shape.name, family: shape.family, op: op.id, combo, kind: op.kind, yardstick: [op.id, combo], body });
      }
    }
  }
  return all;
}

/**
 * The largest body of a case that fits the body limit: the size that
 * `body(size)` takes to make a line of at most BODY_LIMIT bytes.
 */
export function largestBody(c, limit = BODY_LIMIT) {
  let size = limit;
  for (let i = 0; i < 8; i++) {
    const over = bytesOf(c.body(size)) - limit;
    if (over <= 0) return size;
    size -= over + 64;
  }
  throw new Error(`${c.shape} ${c.op}: no body under ${limit} bytes`);
}

/** Requests that make the runners' first answers warm (tables loaded, code paged in), per kind. */
export function warmups() {
  const text = mixed(4096);
  return {
    edit: ['280-weighted', '280-gb18030', 'none'].map((combo) => JSON.stringify({ text, op: 'paste', string: text.slice(0, 300), policy: policies[combo] })),
    count: ['280-weighted', '280-gb18030'].map((combo) => JSON.stringify({ text, policy: policies[combo] })),
    render: [JSON.stringify({ text })],
  };
}

